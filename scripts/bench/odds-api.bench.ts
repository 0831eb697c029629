/**
 * `npm run bench` / `npm run bench:odds`: the odds engine's figures, measured in one run.
 *
 * 1. Ingest: a full refresh of 5 bookmakers × 40 events × 8 markets into an empty database,
 *    the same refresh unchanged, and with 1 % of prices moved (median of several runs).
 * 2. Read path: autocannon against GET /api/odds (valid bearer token and signature) of the real
 *    app, and against a bare node:http server sending the same bytes (body and the app's whole
 *    header set), at 50 and 200
 *    connections — requests/s, p50/p99 latency, and the ratio app ÷ bare (target ≥ 70 %).
 *    The app logs every request at info level as `npm start` does (to /dev/null here). After a
 *    warm-up, bare and app alternate in ROUNDS short runs; each round gives a ratio, and the
 *    median round is printed, so drift or a burst of load from elsewhere on the machine (which
 *    moved single-pair ratios by ±15 points on a 2-core machine) hits both sides of a pair alike
 *    and an unlucky pair does not decide the figure.
 * 3. Snapshot rebuild time, and memory after the load.
 * 4. Memory across demo ticks: 600 ticks of the demo feed (10 minutes at DEMO_TICK_S=1) with a
 *    simulated clock, RSS sampled every 100 ticks (target: no growth).
 * 5. Match page and dropping odds (docs/architecture.md#http-api), on SQLite and, when BENCH_DATABASE_URL or
 *    TEST_DATABASE_URL names a PostgreSQL server, on PostgreSQL: 40 matches × 8 markets × 5
 *    books refreshed hourly for 24 hours (10 % of prices moved each time), then one match's 1X2
 *    moved by every book ~2,000 times. Printed: a history answer of that market and a 24-hour
 *    drops answer, each the first request after a snapshot rebuild (computed from the
 *    database — for drops, after one more book's batch moved 10 % of its prices, so the answer
 *    includes bringing the drops windows up to date; median of several) and repeated (from the
 *    per-generation cache), and the one-time load of the drops windows. Target ≤ 20 ms.
 *
 * A benchmark that prints figures, not a test. BENCH_DURATION_S (default 4) sets each
 * autocannon run, BENCH_ROUNDS (default 5) the rounds per connection count; BENCH_DATABASE_URL runs it on PostgreSQL instead of a SQLite file.
 */
import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Options, Result } from 'autocannon';
import { decodeJwtClaims } from '@shared/jwt';
import { oddsSignature } from '@shared/signature';
import { accessTokenKey, signAccessToken } from '../../src/server/modules/accounts/access-token';
import { buildApp, loggerOptions } from '../../src/server/app';
import { loadConfig } from '../../src/server/core/config';
import { DemoFeed } from '../../src/server/modules/odds/demo/demo-feed';
import { canonicalTeamName } from '../../src/server/modules/odds/matching/team-names';
import { ingestBatch } from '../../src/server/modules/odds/ingest/ingest-pipeline';
import { OddsDetails } from '../../src/server/modules/odds/snapshot/odds-details';
import {
  benchDatabase,
  benchTargets,
  countPrices,
  demoBatches,
  fmt,
  median,
  memory,
  movingMatchBatches,
  readAt,
  timed,
  withChangedPrices,
} from './odds-bench-support';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 4);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
const CONNECTIONS = [50, 200];
const START = Date.parse('2030-03-08T06:00:00Z');

async function ingestFigures(): Promise<string[]> {
  const batches = demoBatches(START);
  const ingestAll = async (db: Awaited<ReturnType<typeof benchDatabase>>, list: typeof batches, at: number) => {
    for (const b of list) await ingestBatch(db, b, { source: 'import', now: () => at });
  };
  const full: number[] = [];
  const unchanged: number[] = [];
  const onePercent: number[] = [];
  for (let round = 0; round < 3; round += 1) {
    const db = await benchDatabase();
    full.push(await timed(() => ingestAll(db, batches, START)));
    for (let i = 0; i < 3; i += 1) {
      unchanged.push(await timed(() => ingestAll(db, batches, START + 1000)));
      onePercent.push(await timed(() => ingestAll(db, withChangedPrices(batches, 0.01, round * 10 + i), START + 2000)));
    }
    await db.destroy();
  }
  const size = `${batches.length} bookmakers × ${batches[0]?.events.length} events, ${countPrices(batches)} prices`;
  return [
    `ingest (${size}), each batch one transaction:`,
    `  full refresh into an empty database  ${fmt(median(full))} ms   (target ≤ 150 ms)`,
    `  same refresh, nothing changed         ${fmt(median(unchanged))} ms`,
    `  refresh with 1 % of prices moved      ${fmt(median(onePercent))} ms`,
  ];
}

const HOUR_MS = 3600 * 1000;

async function historyAndDropsFigures(): Promise<string[]> {
  const lines = ['match page and dropping odds (first request after a rebuild, median of 7 / repeated, median of 20):'];
  const base = demoBatches(START + 3 * 24 * HOUR_MS);
  const end = START + 25 * HOUR_MS;
  for (const target of benchTargets()) {
    const { db, drop } = await target.open();
    let clock = START;
    const config = loadConfig({
      ...process.env,
      DATABASE_URL: 'sqlite::memory:',
      SERVE_WEB: 'off',
      ODDS_FEED: 'none',
      JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-0123456789',
    });
    const app = await buildApp(config, { db, now: () => clock, logger: false });
    await app.ready();
    for (let hour = 0; hour <= 24; hour += 1) {
      clock = START + hour * HOUR_MS;
      const batches = hour === 0 ? base : withChangedPrices(base, 0.1, hour);
      for (const b of readAt(batches, clock)) await ingestBatch(db, b, { source: 'import', now: () => clock });
    }
    clock = end;
    const moves = movingMatchBatches(base, 133, START + 24 * HOUR_MS, 1000);
    for (const b of moves) await ingestBatch(db, b, { source: 'import', now: () => clock });
    await app.odds.snapshot.rebuild();

    const token = await signAccessToken(
      accessTokenKey(config.jwtSecret),
      { id: 'bench', username: 'bench', country: 1 },
      clock,
      24 * 3600,
    );
    const headers = { authorization: `Bearer ${token}` };
    // The moving match's id, from the odds list as the client reads it (signed with the token's ak).
    const moving = base[0]?.events[0];
    if (!moving) throw new Error('no demo event');
    const ak = decodeJwtClaims(token)?.ak as string;
    const list = await app.inject({
      url: `/api/odds?country=1&competition=${moving.competition}&market=1&k=${oddsSignature(ak, 1, moving.competition, 1)}`,
      headers,
    });
    const name = `${canonicalTeamName(moving.home)} vs ${canonicalTeamName(moving.away)}`;
    const events = (JSON.parse(list.body) as { data: { events: Array<{ id: string; name: string }> } }).data.events;
    const eventId = events.find((e) => e.name === name)?.id;
    if (!eventId) throw new Error(`${name} is not listed`);
    const history = `/api/odds/event/${eventId}/history?market=1`;
    const drops = '/api/odds/drops?country=1&hours=24';

    const measure = async (url: string, before?: (round: number) => Promise<void>) => {
      const cold: number[] = [];
      let body = '';
      for (let i = 0; i < 7; i += 1) {
        await before?.(i);
        await app.odds.snapshot.rebuild();
        const started = performance.now();
        const res = await app.inject({ url, headers });
        cold.push(performance.now() - started);
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
        body = res.body;
      }
      const warm: number[] = [];
      for (let i = 0; i < 20; i += 1) warm.push(await timed(() => app.inject({ url, headers })));
      return { cold: median(cold), warm: median(warm), body };
    };
    // A process loads its drops windows once, at its first snapshot rebuild: timed here on a
    // fresh instance over the 25 hours of batches.
    const fresh = new OddsDetails(db, app.odds.snapshot, { now: () => clock });
    const loadStarted = performance.now();
    await fresh.syncWindows();
    const windowsLoad = performance.now() - loadStarted;
    const h = await measure(history);
    // Before each drops round one more book's batch moves 10 % of its prices, so the answer
    // includes catching its windows up with that batch's rows.
    const d = await measure(drops, async (round) => {
      const [batch] = readAt(withChangedPrices(base, 0.1, 100 + round), clock);
      if (batch) await ingestBatch(db, batch, { source: 'import', now: () => clock });
    });
    const points = (JSON.parse(h.body) as { data: { series: Array<{ points: unknown[] }> } }).data.series.reduce(
      (n, s) => n + s.points.length,
      0,
    );
    const dropCount = (JSON.parse(d.body) as { data: { drops: unknown[] } }).data.drops.length;
    lines.push(
      `  ${target.name.padEnd(10)} history (${points} points, 1X2 of one match) ${fmt(h.cold, 1)} ms / ${fmt(h.warm, 2)} ms   ` +
        `24 h drops (${base.length} books × ${base[0]?.events.length} matches × 8 markets, ${dropCount} listed) ` +
        `${fmt(d.cold, 1)} ms / ${fmt(d.warm, 2)} ms   (target ≤ 20 ms); drops windows loaded once in ${fmt(windowsLoad, 1)} ms`,
    );
    await app.close();
    await drop();
  }
  return lines;
}

function bareServer(body: Buffer, headers: http.OutgoingHttpHeaders): Promise<http.Server> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, headers);
    response.end(body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** One autocannon run in its own process (autocannon-process.mjs), so the loader shares nothing with the server. */
function autocannonProcess(options: Options): Promise<Result> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [fileURLToPath(new URL('./autocannon-process.mjs', import.meta.url)), JSON.stringify(options)],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout) as Result)),
    );
  });
}

async function load(url: string, connections: number, headers: Record<string, string> = {}, duration = DURATION_S) {
  const result = await autocannonProcess({ url, connections, duration, headers });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  return result;
}

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

async function main(): Promise<void> {
  const lines: string[] = [`machine: ${os.cpus().length} cores, load average ${loadAverage()} at start`];
  if (process.env.BENCH_ONLY === 'history') {
    console.log([...lines, ...(await historyAndDropsFigures())].join('\n'));
    return;
  }
  lines.push(...(await ingestFigures()));

  let clock = START;
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: 'sqlite::memory:',
    SERVE_WEB: 'off',
    ODDS_FEED: 'none',
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-0123456789',
  });
  const db = await benchDatabase();
  const app = await buildApp(config, {
    db,
    now: () => clock,
    logger: { ...(loggerOptions(config) as object), file: '/dev/null' },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const feed = new DemoFeed({ seed: config.demoSeed });
  await app.odds.ingestAll(feed.tick(clock), 'demo');

  const token = await signAccessToken(
    accessTokenKey(config.jwtSecret),
    { id: 'bench', username: 'bench', country: 1 },
    clock,
    24 * 3600,
  );
  const ak = decodeJwtClaims(token)?.ak as string;
  const appUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/odds?country=1&competition=1&market=1&k=${oddsSignature(ak, 1, 1, 1)}`;
  const auth = { authorization: `Bearer ${token}` };
  const sample = await fetch(appUrl, { headers: auth });
  const body = Buffer.from(await sample.arrayBuffer());
  // The bare server answers with the app's own header set (security headers, request id of the
  // same length, ETag, Vary…), so both sides write the same bytes; node adds date, connection,
  // keep-alive and content-length on both.
  const sentHeaders: http.OutgoingHttpHeaders = {};
  sample.headers.forEach((value, name) => {
    if (!['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name)) {
      sentHeaders[name] = value;
    }
  });
  const bare = await bareServer(body, sentHeaders);
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;

  lines.push(
    `GET /api/odds (${fmt(body.length / 1024, 1)} KB body), ${ROUNDS} rounds of bare then app, ${DURATION_S} s each, ` +
      'autocannon in a process of its own; the median round:',
  );
  await load(bareUrl, 50, {}, 2);
  await load(appUrl, 50, auth, 2);
  for (const connections of CONNECTIONS) {
    const rounds: Array<{ bare: Result; app: Result; ratio: number }> = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      const bareRun = await load(bareUrl, connections);
      const appRun = await load(appUrl, connections, auth);
      rounds.push({ bare: bareRun, app: appRun, ratio: appRun.requests.average / bareRun.requests.average });
    }
    rounds.sort((x, y) => x.ratio - y.ratio);
    const { bare: b, app: a, ratio } = rounds[Math.floor(rounds.length / 2)] as (typeof rounds)[number];
    const spread = `${fmt(100 * (rounds[0] as (typeof rounds)[number]).ratio)}–${fmt(100 * (rounds.at(-1) as (typeof rounds)[number]).ratio)} %`;
    lines.push(
      `  ${String(connections).padStart(3)} connections  bare node:http ${fmt(b.requests.average)} req/s ` +
        `(p50 ${b.latency.p50} ms, p99 ${b.latency.p99} ms)  app ${fmt(a.requests.average)} req/s ` +
        `(p50 ${a.latency.p50} ms, p99 ${a.latency.p99} ms)  ratio ${fmt(100 * ratio)} % (rounds ${spread})`,
    );
  }
  const afterLoad = memory();
  lines.push(
    `memory after load: RSS ${fmt(afterLoad.rssMb)} MB, heap ${fmt(afterLoad.heapMb)} MB; load average ${loadAverage()}`,
  );

  const rebuilds: number[] = [];
  for (let i = 0; i < 20; i += 1) {
    await app.odds.snapshot.rebuild();
    rebuilds.push(app.odds.snapshot.stats.buildMs ?? 0);
  }
  const stats = app.odds.snapshot.stats;
  lines.push(
    `snapshot rebuild: median ${fmt(median(rebuilds), 1)} ms, max ${fmt(Math.max(...rebuilds), 1)} ms ` +
      `(${stats.entries} answers, ${fmt(stats.bytes / 1024)} KB)`,
  );

  const samples: string[] = [];
  const ticks = 600;
  for (let i = 1; i <= ticks; i += 1) {
    clock += 1000;
    await app.odds.ingestAll(feed.tick(clock), 'demo');
    if (i % 100 === 0) {
      const m = memory();
      samples.push(`${fmt(m.rssMb)}/${fmt(m.heapMb)}`);
    }
  }
  lines.push(`RSS/heap MB every 100 demo ticks (${ticks} ticks = 10 min at DEMO_TICK_S=1): ${samples.join(' → ')}`);

  bare.close();
  await app.close();
  await db.destroy();
  // Last: its databases of 24 hours of history would otherwise share the heap (and the
  // collector's pauses) with the app under load above.
  lines.push(...(await historyAndDropsFigures()));
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
