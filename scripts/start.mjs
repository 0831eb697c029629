// `npm start`: build when dist/web is missing or older than its sources (prerendering when
// Chromium is present, otherwise serving unprerendered pages with a warning), then run the
// server, which migrates on start.
import { buildReason } from './lib/build-inputs.mjs';
import { CHROMIUM_HINT, hasChromium } from './lib/chromium.mjs';
import { npx, run } from './lib/run.mjs';
import { prerender } from './prerender.mjs';
import { precompress } from './lib/precompress.mjs';

const reason = buildReason();
if (reason) {
  console.log(`start: ${reason}, building the web app`);
  await npx('webpack', ['--mode', 'production']);
  if (hasChromium()) {
    try {
      await prerender();
    } catch (error) {
      console.warn(`start: WARNING prerendering failed (${error.message}); serving unprerendered pages`);
    }
  } else {
    console.warn(`start: WARNING ${CHROMIUM_HINT} Serving unprerendered pages.`);
  }
  precompress();
}

await run(process.execPath, ['--import', 'tsx', 'src/server/server.ts', ...process.argv.slice(2)]).catch((error) => {
  console.error(error.message);
  process.exit(1);
});
