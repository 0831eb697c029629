// Odds rendering in the browser (issue: 40 event cards of one market, then a price update;
// target ≤ 50 ms for the update). Bundles scripts/bench/odds-render.entry.tsx with the app's
// webpack config in production mode, runs it in the system Chromium and prints the medians.
// A benchmark that prints figures, not a test.  node scripts/bench/odds-render.mjs
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import webpack from 'webpack';
import { CHROMIUM_HINT, chromePath, chromiumArgs, hasChromium } from '../lib/chromium.mjs';

const require = createRequire(import.meta.url);
export const UPDATE_TARGET_MS = 50;

function bundle(outDir) {
  const base = require('../../webpack.config.js')({}, { mode: 'production' });
  const config = {
    ...base,
    entry: { bench: path.resolve('scripts/bench/odds-render.entry.tsx') },
    output: { path: outDir, filename: 'bench.js', publicPath: '' },
    devtool: false,
    module: {
      rules: base.module.rules.map((rule) =>
        String(rule.test) === String(/\.css$/) ? { ...rule, use: ['style-loader', 'css-loader'] } : rule,
      ),
    },
    plugins: base.plugins.filter((p) => p.constructor.name === 'DefinePlugin'),
    optimization: { minimize: true, splitChunks: false, runtimeChunk: false },
    performance: { hints: false },
  };
  return new Promise((resolve, reject) =>
    webpack(config, (error, stats) => {
      if (error || stats.hasErrors()) reject(error ?? new Error(stats.toString('errors-only')));
      else resolve();
    }),
  );
}

/** Builds, runs in Chromium and returns { cards, runs, firstRender, updateOne, updateAll } in ms. */
export async function benchOddsRender() {
  const dir = mkdtempSync(path.join(tmpdir(), 'oddsmate-bench-render-'));
  try {
    await bundle(dir);
    const html = path.join(dir, 'index.html');
    writeFileSync(
      html,
      '<!doctype html><meta name="viewport" content="width=device-width"><div id="root"></div><script src="bench.js"></script>',
    );
    const browser = await chromium.launch({ executablePath: chromePath(), args: chromiumArgs({ userDataDir: false }) });
    try {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      await page.goto(pathToFileURL(html).href);
      await page.waitForFunction(() => globalThis.__bench !== undefined, null, { timeout: 60_000 });
      const pageErrors = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      const result = await page.evaluate(() => globalThis.__bench);
      if (result.cards !== 40) throw new Error(`rendered ${result.cards} cards, not 40 ${pageErrors.join('; ')}`);
      return result;
    } finally {
      await browser.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function printOddsRender(result) {
  const ms = (value) => `${value.toFixed(1)} ms`;
  console.log(`Odds rendering in Chromium (median of ${result.runs}, ${result.cards} cards, 1X2, 5 bookmakers):`);
  console.log(`  first render of 40 event cards        ${ms(result.firstRender)}`);
  console.log(
    `  re-render after one price moved       ${ms(result.updateOne)}${result.updateOne <= UPDATE_TARGET_MS ? '' : ' (!)'}`,
  );
  console.log(
    `  re-render after every card moved      ${ms(result.updateAll)}${result.updateAll <= UPDATE_TARGET_MS ? '' : ' (!)'}`,
  );
  console.log(`  target for an update: ≤ ${UPDATE_TARGET_MS} ms`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (!hasChromium()) {
    console.error(`bench: ${CHROMIUM_HINT}`);
    process.exit(1);
  }
  try {
    printOddsRender(await benchOddsRender());
  } catch (error) {
    console.error(`bench: ${error.message}`);
    process.exitCode = 1;
  }
}
