// `npm start`: build when dist/web is missing (prerendering when Chromium is present, otherwise
// serving unprerendered pages with a warning), then run the server, which migrates on start.
import { existsSync } from 'node:fs';
import { CHROMIUM_HINT, hasChromium } from './lib/chromium.mjs';
import { npx, run } from './lib/run.mjs';
import { prerender } from './prerender.mjs';
import { precompress } from './lib/precompress.mjs';

if (!existsSync('dist/web/index.html')) {
  console.log('start: no build found, building the web app once');
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
