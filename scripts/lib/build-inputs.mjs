// Whether dist/web is older than what it is built from, so `npm start` after a pull (or a local
// change) rebuilds instead of serving the SPA of an earlier checkout.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What webpack reads: the client and shared sources, the page template and assets, the build's settings. */
const BUILD_INPUTS = [
  'src/client',
  'src/shared',
  'public',
  'webpack.config.js',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
];

/** The newest modification time under `path` (a file or a folder), 0 when it does not exist. */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

/** Why dist/web must be built now, or null when it is newer than every input. */
export function buildReason(builtPage = 'dist/web/index.html', inputs = BUILD_INPUTS) {
  if (!existsSync(builtPage)) return 'no build found';
  const built = statSync(builtPage).mtimeMs;
  const changed = inputs.find((input) => newest(input) > built);
  return changed ? `${changed} changed since the last build` : null;
}
