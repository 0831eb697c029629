// Whether dist/web is older than what it is built from, so `npm start` and `npm run test:e2e`
// after a pull (or a local change) build again instead of using the SPA of an earlier checkout.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What the built app is made of: the client and shared sources, the page template and assets, the
 * build's settings and scripts, and the dependencies.
 */
const BUILD_INPUTS = [
  'src/client',
  'src/shared',
  'public',
  'webpack.config.js',
  'tsconfig.json',
  'scripts/build.mjs',
  'scripts/prerender.mjs',
  'scripts/lib',
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

/** Why dist/web must be built now, or null when `builtPage` is newer than every input. */
export function buildReason(builtPage = 'dist/web/index.html') {
  if (!existsSync(builtPage)) return 'no build found';
  const built = statSync(builtPage).mtimeMs;
  const changed = BUILD_INPUTS.find((input) => newest(input) > built);
  return changed ? `${changed} changed since the last build` : null;
}
