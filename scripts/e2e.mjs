// `npm run test:e2e`: builds the app when dist/web is missing or older than its sources (or when
// E2E_REBUILD=1), then runs the browser journeys (test/e2e) against the real server. Extra
// arguments go to jest (e.g. a file name or `-t "pattern"`). E2E_REBUILD=0 never rebuilds.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { CHROMIUM_HINT, hasChromium } from './lib/chromium.mjs';
import { npx, run } from './lib/run.mjs';

const BUILT = 'dist/web/200.html';
const SOURCES = [
  'src/client',
  'src/shared',
  'public',
  'webpack.config.js',
  'scripts/build.mjs',
  'scripts/prerender.mjs',
  'scripts/lib',
  'package.json',
];

/** The newest modification time (ms) of a file or of any file below a directory. */
function newest(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce((max, name) => Math.max(max, newest(path.join(entry, name))), 0);
}

function needsBuild() {
  if (process.env.E2E_REBUILD === '1') return 'E2E_REBUILD=1';
  if (!existsSync(BUILT)) return 'no build yet';
  if (process.env.E2E_REBUILD === '0') return null;
  const builtAt = statSync(BUILT).mtimeMs;
  const changed = SOURCES.find((source) => newest(source) > builtAt);
  return changed ? `${changed} changed since the last build` : null;
}

if (!hasChromium()) {
  console.error(`test:e2e: ${CHROMIUM_HINT}`);
  process.exit(1);
}
try {
  const reason = needsBuild();
  if (reason) {
    console.log(`test:e2e: building the app (${reason})`);
    await run(process.execPath, ['scripts/build.mjs']);
  }
  await npx('jest', ['-c', 'jest.e2e.config.js', ...process.argv.slice(2)]);
} catch (error) {
  console.error(`test:e2e: ${error.message}`);
  process.exit(1);
}
