// `npm run bench:web`: Lighthouse (mobile emulation, the system Chromium) for /, /nigeria and a
// logged-in /dashboard against the production server `npm start` runs (built app, demo feed, fresh
// data directory). Prints the performance, accessibility, best-practices and SEO scores (targets:
// 95 or more each), the bytes a first logged-in dashboard load transfers, and the bytes on the wire
// of an unchanged odds poll (a 304, docs/architecture.md#data-flow), and the bytes an idle logged-in
// dashboard receives per hour (web-idle.mjs; against a second server whose demo feed does not move
// after its first tick). A benchmark that prints figures, not a test; the full reports are saved
// under test-results/lighthouse/.
//   node --import tsx scripts/bench/web.mjs [--runs=N] [--idle-beats=N] [/path ...]
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { SESSION_STORAGE_KEY } from '../../src/shared/constants.ts';
import { decodeJwtClaims } from '../../src/shared/jwt.ts';
import { oddsSignature } from '../../src/shared/signature.ts';
import { CHROMIUM_HINT, chromePath, chromiumArgs, hasChromium } from '../lib/chromium.mjs';
import { run } from '../lib/run.mjs';
import { benchOddsRender, printOddsRender } from './odds-render.mjs';
import { DASHBOARD_JS_BUDGET_KB, landingBudget, printLandingBudget, scriptsKb } from './web-budget.mjs';
import { idleHour, printIdleHour } from './web-idle.mjs';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const TARGET = 95;
const args = process.argv.slice(2);
const runs = Number(args.find((arg) => arg.startsWith('--runs='))?.slice(7) ?? 1);
const idleBeats = Number(args.find((arg) => arg.startsWith('--idle-beats='))?.slice(13) ?? 4);
const routes = args.filter((arg) => arg.startsWith('/'));
if (routes.length === 0) routes.push('/', '/nigeria', '/dashboard');
/** Pages audited with a stored session (the logged-in app). */
const LOGGED_IN = new Set(['/dashboard']);
const jwtSecret = randomBytes(48).toString('base64url');
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

async function startServer(extraEnv = {}) {
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
      JWT_SECRET: jwtSecret,
      ODDS_FEED: 'demo',
      LOG_LEVEL: 'warn',
      ...extraEnv,
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
    if (ok) return { url, dataDir, stop };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  stop();
  throw new Error('the server did not become healthy within 60 s');
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** The code of the newest outbox message to `email` (the server's mail transport without SMTP). */
async function outboxCode(dataDir, email) {
  const outbox = path.join(dataDir, 'outbox');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const files = existsSync(outbox)
      ? readdirSync(outbox)
          .filter((name) => name.includes(email))
          .sort()
      : [];
    const code = files.length
      ? /Your code: (\w+)/.exec(readFileSync(path.join(outbox, files[files.length - 1]), 'utf8'))?.[1]
      : undefined;
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code for ${email} in the outbox`);
}

/**
 * A real person's session, as the app stores it after a login: an account registered, verified
 * with the e-mailed code and logged in through the API, so the start-up check accepts it.
 */
async function benchSession({ url, dataDir }) {
  const name = `bench${randomBytes(4).toString('hex')}`;
  const email = `${name}@example.com`;
  const password = `Bench-${randomBytes(12).toString('base64url')}`;
  const call = async (method, route, body) => {
    const response = await fetch(`${url}/api${route}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = await response.json().catch(() => null);
    if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${JSON.stringify(json)}`);
    return json;
  };
  await call('PUT', '/users/register', { userName: name, email, password, country: 1 });
  await call('POST', '/users/verify-email', { email, otp: await outboxCode(dataDir, email) });
  const { data } = await call('POST', '/users/login', { username: name, password });
  return {
    token: data.token,
    refreshToken: data.refreshToken,
    user: {
      id: String(data.user.id),
      username: data.user.username,
      email,
      country: String(data.user.country),
      createdAt: data.user.registrationDate,
      updatedAt: data.user.registrationDate,
    },
    timestamp: Date.now(),
  };
}

/** Stores the session in the browser's localStorage for the app's origin before Lighthouse loads a page. */
async function storeSession(port, url, session) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    await page.goto(`${url}/api/health`);
    await page.evaluate(
      ([key, value]) => localStorage.setItem(key, value),
      [SESSION_STORAGE_KEY, JSON.stringify(session)],
    );
    await page.close();
  } finally {
    // Connected over CDP: this only disconnects; the browser and its default context stay for Lighthouse.
    await browser.close();
  }
}

/** Sends one raw HTTP/1.1 request as a phone browser would; resolves with every byte of the answer. */
function rawGet(url, pathAndQuery, headers) {
  const { hostname, port } = new URL(url);
  const request = [
    `GET ${pathAndQuery} HTTP/1.1`,
    `Host: ${hostname}:${port}`,
    'Accept: */*',
    'Accept-Encoding: gzip, deflate, br, zstd',
    'Connection: close',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    '',
    '',
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    const chunks = [];
    const socket = connect(Number(port), hostname, () => socket.write(request));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks)));
    socket.on('error', reject);
  });
}

const headerOf = (raw, name) =>
  new RegExp(`\r\n${name}: *([^\r]*)`, 'i').exec(raw.subarray(0, raw.indexOf('\r\n\r\n') + 2).toString('latin1'))?.[1];

/** Bytes on the wire of the dashboard's odds poll: the first answer (brotli) and an unchanged one (304). */
async function oddsPollBytes(url, session) {
  const ak = decodeJwtClaims(session.token)?.ak ?? '';
  const pathAndQuery = `/api/odds?country=1&competition=1&market=1&k=${oddsSignature(ak, '1', '1', '1')}`;
  const auth = { Authorization: `Bearer ${session.token}` };
  const first = await rawGet(url, pathAndQuery, auth);
  const etag = headerOf(first, 'etag');
  const poll = await rawGet(url, pathAndQuery, { ...auth, 'If-None-Match': etag ?? '' });
  return { first: first.length, poll: poll.length, pollStatus: poll.subarray(9, 12).toString() };
}

async function audit(url, route, index, session) {
  const chrome = await chromeLauncher.launch({
    chromePath: chromePath(),
    chromeFlags: [...chromiumArgs({ userDataDir: false }), '--headless'],
  });
  try {
    if (session) await storeSession(chrome.port, url, session);
    // The default config is Lighthouse's mobile profile: Moto G Power emulation, simulated slow 4G.
    const result = await lighthouse(`${url}${route}`, {
      port: chrome.port,
      output: ['json', 'html'],
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      // Keep the stored session: the logged-in pages are audited as a returning user sees them.
      disableStorageReset: Boolean(session),
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
    return {
      scores,
      metrics,
      failing,
      bytes: lhr.audits['total-byte-weight']?.numericValue ?? null,
      // The app's own scripts the load fetched (every chunk, including those fetched after the
      // first paint by the page's own code), to size them as built.
      scripts: (lhr.audits['network-requests']?.details?.items ?? [])
        .filter((item) => item.resourceType === 'Script' && item.url.startsWith(url))
        .map((item) => item.url),
      finalUrl: lhr.finalDisplayedUrl,
    };
  } finally {
    await chrome.kill();
  }
}

/** Lighthouse sometimes loses the trace on a busy machine (NO_NAVSTART, NO_FCP); try twice more. */
async function auditWithRetry(url, route, index, session) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, route, index, session);
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
  const session = await benchSession(server);
  const rows = [];
  const loads = [];
  for (const route of routes) {
    const results = [];
    const as = LOGGED_IN.has(route) ? session : null;
    for (let index = 0; index < runs; index++) results.push(await auditWithRetry(server.url, route, index, as));
    const { bytes, finalUrl, scripts } = results[results.length - 1];
    loads.push({ route, bytes, finalUrl, scripts });
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
  console.log('\nBytes transferred by a first load (Lighthouse total-byte-weight, mobile):');
  for (const load of loads) {
    const kb = load.bytes === null ? '-' : `${(load.bytes / 1024).toFixed(1)} KB`;
    const js = scriptsKb(load.scripts);
    const budget = LOGGED_IN.has(load.route)
      ? `; budget ≤ ${DASHBOARD_JS_BUDGET_KB} KB${js <= DASHBOARD_JS_BUDGET_KB ? '' : ' (!)'}`
      : '';
    console.log(
      `  ${load.route.padEnd(12)}${kb.padStart(12)}   (ended on ${new URL(load.finalUrl).pathname}); JavaScript ${js.toFixed(1)} KB gzipped in ${load.scripts.length} files${budget}`,
    );
  }
  const poll = await oddsPollBytes(server.url, session);
  console.log(
    `Odds poll on the wire (/api/odds, Premier League 1X2): first ${poll.first} bytes; unchanged ${poll.poll} bytes (${poll.pollStatus}, target ≤ 500)`,
  );
  console.log(`\nReports: ${path.relative(process.cwd(), reportDir)}/`);
  printLandingBudget(landingBudget());
  printOddsRender(await benchOddsRender());
  server.stop();
  // Idle: prices that do not move after the first tick (a day between demo ticks).
  server = await startServer({ DEMO_TICK_S: '86400' });
  printIdleHour(await idleHour(server.url, await benchSession(server), { beats: idleBeats }));
} catch (error) {
  console.error(`bench:web: ${error.message}`);
  process.exitCode = 1;
} finally {
  server?.stop();
}
