// Prerenders the eight public routes with react-snap and the system Chromium (docs/architecture.md#spa).
// Every other route is served the untouched shell, 200.html, which react-snap writes beside them.
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { CHROMIUM_HINT, chromePath, chromiumArgs, hasChromium } from './lib/chromium.mjs';

export const PRERENDERED_ROUTES = [
  '/',
  '/nigeria',
  '/kenya',
  '/ghana',
  '/about',
  '/terms',
  '/privacy',
  '/responsible-gambling',
];

export async function prerender() {
  if (!hasChromium()) throw new Error(CHROMIUM_HINT);
  if (!existsSync('dist/web/index.html')) throw new Error('dist/web is missing: run the webpack build first.');
  const require = createRequire(import.meta.url);
  const { run } = require('react-snap');
  await run({
    source: 'dist/web',
    include: PRERENDERED_ROUTES,
    crawl: false,
    puppeteerExecutablePath: chromePath(),
    puppeteerArgs: chromiumArgs({ userDataDir: false }),
    skipThirdPartyRequests: true,
    removeBlobs: true,
    inlineCss: false,
    minifyHtml: { collapseWhitespace: true, removeComments: true },
    // The preview renders its placeholder under react-snap; no API is needed (docs/architecture.md#settled-details).
    userAgent: 'ReactSnap',
    fixWebpackChunksIssue: false,
    puppeteer: { cache: false },
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  prerender().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
