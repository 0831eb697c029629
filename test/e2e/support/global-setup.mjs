// Jest globalSetup for the browser journeys: finds the system Chromium (never a downloaded one) and
// hands its path and headless flags to the test files, and checks that the app has been built.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { CHROMIUM_HINT, chromePath, chromiumArgs, hasChromium } from '../../../scripts/lib/chromium.mjs';

export default function globalSetup(config) {
  if (!hasChromium()) throw new Error(CHROMIUM_HINT);
  if (!existsSync(path.join(config.rootDir, 'dist/web/200.html'))) {
    throw new Error('dist/web is not built: run `npm run test:e2e` (it builds) or `npm run build` first.');
  }
  process.env.CHROME_PATH = chromePath();
  // Playwright makes its own profile directory, so no --user-data-dir here.
  process.env.E2E_CHROMIUM_ARGS = JSON.stringify(chromiumArgs({ userDataDir: false }));
}
