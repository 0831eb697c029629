// `npm run bench:web`: Lighthouse (mobile emulation, the system Chromium) for / and /nigeria against
// the production server `npm start` runs (built app, demo feed, fresh data directory). Prints the
// performance, accessibility, best-practices and SEO scores (targets: 95 or more each). A benchmark
// that prints figures, not a test; the full reports are saved under test-results/lighthouse/.
//   node scripts/bench/web.mjs [--runs=N] [/path ...]
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_HINT, chromePath, chromiumArgs, hasChromium } from '../lib/chromium.mjs';
import { run } from '../lib/run.mjs';
import { benchOddsRender, printOddsRender } from './odds-render.mjs';
import { landingBudget, printLandingBudget } from './web-budget.mjs';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const TARGET = 95;
const args = process.argv.slice(2);
const runs = Number(args.find((arg) => arg.startsWith('--runs='))?.slice(7) ?? 1);
const routes = args.filter((arg) => arg.startsWith('/'));
if (routes.length === 0) routes.push('/', '/nigeria');
const reportDir = path.resolve('test-results/lighthouse');

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'oddsmate-bench-web-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${path.join(dataDir, 'oddsmate.sqlite')}`,
      JWT_SECRET: randomBytes(48).toString('base64url'),
      ODDS_FEED: 'demo',
      LOG_LEVEL: 'warn',
    },
  });
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('exit', stop);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return { url, stop };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  stop();
  throw new Error('the server did not become healthy within 60 s');
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

async function audit(url, route, index) {
  const chrome = await chromeLauncher.launch({
    chromePath: chromePath(),
    chromeFlags: [...chromiumArgs({ userDataDir: false }), '--headless'],
  });
  try {
    // The default config is Lighthouse's mobile profile: Moto G Power emulation, simulated slow 4G.
    const result = await lighthouse(`${url}${route}`, {
      port: chrome.port,
      output: ['json', 'html'],
      logLevel: 'error',
      onlyCategories: CATEGORIES,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${route}`);
    const name = `${route === '/' ? 'home' : route.slice(1).replace(/\//g, '-')}-${index + 1}`;
    writeFileSync(path.join(reportDir, `${name}.report.json`), result.report[0]);
    writeFileSync(path.join(reportDir, `${name}.report.html`), result.report[1]);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${route}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]));
    const metrics = Object.fromEntries(
      ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift'].map(
        (id) => [id, lhr.audits[id]?.displayValue ?? '-'],
      ),
    );
    const failing = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
      .filter((a) => a.scoreDisplayMode !== 'notApplicable' && a.scoreDisplayMode !== 'manual')
      .map((a) => a.id);
    return { scores, metrics, failing };
  } finally {
    await chrome.kill();
  }
}

/** Lighthouse sometimes loses the trace on a busy machine (NO_NAVSTART, NO_FCP); try twice more. */
async function auditWithRetry(url, route, index) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, route, index);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.warn(`  ${route}: ${error.message.split('.')[0]}; retrying`);
    }
  }
}

if (!hasChromium()) {
  console.error(`bench:web: ${CHROMIUM_HINT}`);
  process.exit(1);
}
let server;
try {
  if (!existsSync('dist/web/200.html')) await run(process.execPath, ['scripts/build.mjs']);
  mkdirSync(reportDir, { recursive: true });
  server = await startServer();
  console.log(`bench:web: Lighthouse ${runs} run(s) per page, mobile emulation, ${server.url}`);
  const rows = [];
  for (const route of routes) {
    const results = [];
    for (let index = 0; index < runs; index++) results.push(await auditWithRetry(server.url, route, index));
    const scores = Object.fromEntries(CATEGORIES.map((id) => [id, median(results.map((r) => r.scores[id]))]));
    rows.push({ route, ...scores });
    const last = results[results.length - 1];
    console.log(
      `  ${route}: ${Object.entries(last.metrics)
        .map(([id, value]) => `${id} ${value}`)
        .join(', ')}${last.failing.length ? `; audits below 90: ${last.failing.join(', ')}` : ''}`,
    );
  }
  console.log(`\nLighthouse scores${runs > 1 ? ` (median of ${runs})` : ''}, target ≥ ${TARGET}:`);
  console.log(`  ${'page'.padEnd(12)}${CATEGORIES.map((id) => id.padStart(16)).join('')}`);
  for (const row of rows) {
    console.log(
      `  ${row.route.padEnd(12)}${CATEGORIES.map((id) => `${row[id]}${row[id] >= TARGET ? '' : ' (!)'}`.padStart(16)).join('')}`,
    );
  }
  console.log(`\nReports: ${path.relative(process.cwd(), reportDir)}/`);
  printLandingBudget(landingBudget());
  printOddsRender(await benchOddsRender());
} catch (error) {
  console.error(`bench:web: ${error.message}`);
  process.exitCode = 1;
} finally {
  server?.stop();
}
