// `npm run test:e2e`: builds the app when dist/web is missing or older than its sources (or when
// E2E_REBUILD=1), then runs the browser journeys (test/e2e) against the real server. Extra
// arguments go to jest (e.g. a file name or `-t "pattern"`). E2E_REBUILD=0 never rebuilds.
import { buildReason } from './lib/build-inputs.mjs';
import { CHROMIUM_HINT, hasChromium } from './lib/chromium.mjs';
import { npx, run } from './lib/run.mjs';

function needsBuild() {
  if (process.env.E2E_REBUILD === '1') return 'E2E_REBUILD=1';
  const reason = buildReason('dist/web/200.html');
  return reason === 'no build found' || process.env.E2E_REBUILD !== '0' ? reason : null;
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
