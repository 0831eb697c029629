// Jest globalSetup for the browser journeys: finds the system Chromium (never a downloaded one) and
// hands its path and headless flags to the test files, and checks that the app has been built.
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { CHROMIUM_HINT, chromePath, chromiumArgs, hasChromium } from '../../../scripts/lib/chromium.mjs';

export default function globalSetup(config) {
  if (!hasChromium()) throw new Error(CHROMIUM_HINT);
  if (!existsSync(path.join(config.rootDir, 'dist/web/200.html'))) {
    throw new Error('dist/web is not built: run `npm run test:e2e` (it builds) or `npm run build` first.');
  }
  // Artifacts of an earlier run would read as failures of this one.
  const results = path.join(config.rootDir, 'test-results');
  if (existsSync(results)) {
    for (const name of readdirSync(results)) {
      if (/\.(png|console\.log|server\.log)$|^server-.*\.log$|^axe-report\.txt$/.test(name)) {
        rmSync(path.join(results, name), { force: true });
      }
    }
  }
  process.env.CHROME_PATH = chromePath();
  // Playwright makes its own profile directory, so no --user-data-dir here.
  process.env.E2E_CHROMIUM_ARGS = JSON.stringify(chromiumArgs({ userDataDir: false }));
}
