// Production build: webpack, then prerendering. Fails with an install hint without Chromium.
import { CHROMIUM_HINT, hasChromium } from './lib/chromium.mjs';
import { npx } from './lib/run.mjs';
import { prerender } from './prerender.mjs';
import { precompress } from './lib/precompress.mjs';

if (!hasChromium()) {
  console.error(`build: ${CHROMIUM_HINT}`);
  process.exit(1);
}
try {
  await npx('webpack', ['--mode', 'production']);
  await prerender();
  precompress();
  console.log('build: dist/web is built and prerendered');
} catch (error) {
  console.error(`build: ${error.message}`);
  process.exit(1);
}
