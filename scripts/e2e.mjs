// `npm run test:e2e`: builds the app when needed, then runs the browser journeys (test/e2e).
import { existsSync } from 'node:fs';
import { CHROMIUM_HINT, hasChromium } from './lib/chromium.mjs';
import { npx, run } from './lib/run.mjs';

if (!hasChromium()) {
  console.error(`test:e2e: ${CHROMIUM_HINT}`);
  process.exit(1);
}
try {
  if (!existsSync('dist/web/200.html') || process.env.E2E_REBUILD === '1')
    await run(process.execPath, ['scripts/build.mjs']);
  await npx('jest', ['-c', 'jest.e2e.config.js', '--passWithNoTests', ...process.argv.slice(2)]);
} catch (error) {
  console.error(`test:e2e: ${error.message}`);
  process.exit(1);
}
