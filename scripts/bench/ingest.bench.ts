/**
 * `npm run bench:ingest` (part of `npm run bench`): the cost of a batch as it follows what changed
 * (docs/architecture.md#odds-model), measured in one run, on SQLite and, when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL names a PostgreSQL server, on PostgreSQL.
 *
 * 1. Incremental snapshot: 10,000 stored events (3 countries × 4 leagues, 8 markets, 2 books),
 *    then the snapshot rebuild after a 1-event batch, after eight 2,000-event batches in a row as a
 *    book's read of its leagues brings them (a tenth of its prices moved), and after four 2,000-event
 *    batches in which nearly every price moved (the median of the runs after the warm-up, whose
 *    code the process has not run or not yet optimized, and those apart); and the longest event-loop block
 *    (`monitorEventLoopDelay`, counted from before the batch starts) while each batch is ingested
 *    and the snapshot rebuilt, beside the longest gap of a 1 ms heartbeat, the processor time the
 *    process used within it (a gap the process mostly waited through was the machine's, not its
 *    code's) and the collections that started in it. Target ≤ 50 ms; every figure is printed with
 *    the ratio measured ÷ target; the 1-event rebuild and each series' by step (`RebuildPhases`: taking the batch in, the views, the
 *    listings, publishing, and the turns handed back, where the young-generation collections run)
 *    and the time the garbage collector took inside it, whichever step it interrupted (a `gc`
 *    performance observer);
 *    the heap the process holds for the 10,000 events.
 * 2. One poll cycle of five books × four leagues from the fixture server serving the books' real
 *    captured answers (test/fixtures/books/<book>/real/manifest.json, every one of them): time
 *    and bytes read, parsed and ingested.
 * 3. Freshness end to end: from a book's answer arriving to the `GET /api/odds` answer that shows
 *    it (the server's collector, its queue, the pipeline and the rebuild). Target ≤ 5 s.
 *
 * A benchmark that prints figures, not a test. `BENCH_ONLY=poll` runs only 2 and 3. Each database
 * of 1 is measured in a process of its own (the bench runs itself again with BENCH_TARGET set), so
 * one target's garbage is never collected in the middle of the next one's batches.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import {
  type NodeGCPerformanceDetail,
  type PerformanceEntry,
  PerformanceObserver,
  constants,
  monitorEventLoopDelay,
} from 'node:perf_hooks';
import type { FeedBatch } from '@shared/contract/ingest';
import { decodeJwtClaims } from '@shared/jwt';
import { COMPETITIONS, COUNTRIES, MARKETS, marketSelections } from '@shared/lookups';
import { oddsSignature } from '@shared/signature';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/core/config';
import { accessTokenKey, signAccessToken } from '../../src/server/modules/accounts/access-token';
import type { Db } from '../../src/server/core/db/connect';
import { OddsService } from '../../src/server/modules/odds/odds.service';
import type { RebuildPhases, RebuildStats } from '../../src/server/modules/odds/snapshot/odds-snapshot';
import { createRandom } from '../../src/server/modules/odds/demo/prng';
import { fixtureServerEnv, startBookFixtureServer } from '../lib/book-fixture-server';
import { benchDatabase, benchTargets, collectGarbage, fmt, median, memory } from './odds-bench-support';

const STORED = 10_000;
const BATCH = 2_000;
const BOOKS = [1, 2];
const TARGET_MS = 50;
/** Runs of each 2,000-event series. */
const USUAL_READS = 8;
/**
 * The first usual reads, printed apart from the median: the first runs code the process has not
 * run before, and in the second much of it is still being optimized (in eleven runs of eight
 * reads the first two took 50–100 ms, the six after them mostly 33–45 ms).
 */
const USUAL_WARM_UP = 2;
/**
 * Batches with nearly every price moved: four, the first apart (in them the warm-up is lost in the
 * work). Back to back, with no idle time between them, each leaves about 150 MB for the old
 * generation, which V8 collects only at its limit: six in a row took the heap past 1.1 GB, and the
 * scavenge after that collection held the event loop up to 54 ms (docs/benchmarks.md).
 */
const BIG_BATCHES = 4;
const BIG_WARM_UP = 1;
const FRESHNESS_TARGET_MS = 5000;
/** The idle time after the forced full collection before the batches (see its use). */
const SWEEP_WAIT_MS = 1000;
const START = Date.parse('2030-03-08T06:00:00Z');
const HOUR = 3600_000;
/**
 * The clock's step between batches. Every batch of the run falls within FRESH_PRICE_MS of the
 * first (13 batches × 20 s), so the other book's leagues stay fresh throughout: a run never also
 * measures a league turning stale (a rebuild of every match it prices, started by the snapshot's
 * timer in the middle of a batch).
 */
const STEP_MS = 20_000;

interface Fixture {
  country: number;
  competition: number;
  home: string;
  away: string;
  kickoff: string;
}

/** A club name part from a number (names are compared without digits). */
function letters(n: number): string {
  let out = '';
  let x = n;
  do {
    out = String.fromCharCode(97 + (x % 26)) + out;
    x = Math.floor(x / 26);
  } while (x > 0);
  return `${out}ton`;
}

/** STORED matches spread over the countries and leagues, kicking off over the next 30 days. */
function fixtures(): Fixture[] {
  const out: Fixture[] = [];
  for (let i = 0; i < STORED; i += 1) {
    const country = COUNTRIES[i % COUNTRIES.length]!.id;
    const competition = COMPETITIONS[Math.floor(i / COUNTRIES.length) % COMPETITIONS.length]!.id;
    out.push({
      country,
      competition,
      home: `Home ${letters(i)}`,
      away: `Away ${letters(i)}`,
      kickoff: new Date(START + 2 * HOUR + (i % 720) * HOUR).toISOString(),
    });
  }
  return out;
}

/** One book's batches of some matches, grouped by country, at most BATCH events each. */
function batchesOf(book: number, matches: readonly Fixture[], at: number, seed: number, moved = 1): FeedBatch[] {
  const random = createRandom(seed);
  const byCountry = new Map<number, Fixture[]>();
  for (const m of matches) byCountry.set(m.country, [...(byCountry.get(m.country) ?? []), m]);
  const out: FeedBatch[] = [];
  for (const [country, list] of byCountry) {
    for (let i = 0; i < list.length; i += BATCH) {
      out.push({
        provider: book as FeedBatch['provider'],
        country: country as FeedBatch['country'],
        fetchedAt: new Date(at).toISOString(),
        events: list.slice(i, i + BATCH).map((m) => ({
          externalId: `${m.home}|${m.kickoff}`,
          competition: m.competition as FeedBatch['events'][number]['competition'],
          home: m.home,
          away: m.away,
          kickoff: m.kickoff,
          markets: MARKETS.map((market) => ({
            market: market.id as FeedBatch['events'][number]['markets'][number]['market'],
            prices: marketSelections(market.id).map((selection, s) => {
              const base = 1.5 + ((s + book + market.id) % 5) * 0.45;
              const bump = random.next() < moved ? Math.round(random.next() * 20) / 100 : 0;
              return { selection: selection as never, value: Math.round((base + bump) * 100) / 100 };
            }),
          })),
        })),
      });
    }
  }
  return out;
}

/** The batch with a `fraction` of its prices moved by 0.05 (the rest as they were). */
function nudged(batch: FeedBatch, fraction: number, seed: number): FeedBatch {
  const random = createRandom(seed);
  return {
    ...batch,
    events: batch.events.map((event) => ({
      ...event,
      markets: event.markets.map((market) => ({
        ...market,
        prices: market.prices.map((p) =>
          random.next() < fraction ? { ...p, value: Math.round((p.value + 0.05) * 100) / 100 } : p,
        ),
      })),
    })),
  };
}

/** The longest gap between two ticks of a 1 ms heartbeat, and the processor time used within it. */
interface Gap {
  /** When it started (`performance.now()`). */
  at: number;
  ms: number;
  /**
   * What the process (every thread of it: the collector's helpers and the thread pool too) ran in
   * that gap. Well under `ms`, the process was waiting for a processor: on two cores the database
   * server's processes, writing the batch, can hold both.
   */
  cpuMs: number;
}

function heartbeat(): { stop(): Gap } {
  let lastAt = performance.now();
  let lastCpu = process.cpuUsage();
  let longest: Gap = { at: lastAt, ms: 0, cpuMs: 0 };
  const timer = setInterval(() => {
    const at = performance.now();
    const cpu = process.cpuUsage();
    if (at - lastAt > longest.ms) {
      const cpuMs = (cpu.user - lastCpu.user + cpu.system - lastCpu.system) / 1000;
      longest = { at: lastAt, ms: at - lastAt, cpuMs };
    }
    lastAt = at;
    lastCpu = cpu;
  }, 1);
  return {
    stop() {
      clearInterval(timer);
      return longest;
    },
  };
}

async function measured<T>(run: () => Promise<T>): Promise<{ value: T; ms: number; blockMs: number; gap: Gap }> {
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const beat = heartbeat();
  // The monitor counts a block from its first tick on: without this, a run that holds the event
  // loop from its very start (a batch's synchronous work before its first await) would go unseen.
  await new Promise((resolve) => setTimeout(resolve, 10));
  const started = performance.now();
  const value = await run();
  const ms = performance.now() - started;
  loop.disable();
  return { value, ms, blockMs: loop.max / 1e6, gap: beat.stop() };
}

/**
 * A second process's first build, then its one-off load of the stored price history (the drops
 * windows), finished before the batches are measured, as a running server has long before its next
 * batch. The process is dropped afterwards, so its memory does not weigh on the garbage collector
 * (and thus the event-loop blocks) of the batches measured next.
 */
async function firstBuild(db: Db, now: () => number): Promise<{ ms: number; blockMs: number }> {
  const full = new OddsService(db, { now });
  const { ms, blockMs } = await measured(() => full.snapshot.rebuild());
  await full.details.syncWindows();
  full.close();
  return { ms, blockMs };
}

/** Every garbage collection of the process since `watchCollections` (start and duration, ms; full or not). */
const collections: Array<{ start: number; ms: number; major: boolean }> = [];

function watchCollections(): void {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      // A 'gc' entry's detail (NodeGCPerformanceDetail) is not on PerformanceEntry's declared type.
      const kind = (entry as PerformanceEntry & { detail?: NodeGCPerformanceDetail }).detail?.kind;
      collections.push({
        start: entry.startTime,
        ms: entry.duration,
        major: kind === constants.NODE_PERFORMANCE_GC_MAJOR,
      });
    }
  }).observe({ entryTypes: ['gc'] });
}

/** The time the collector took in collections that started between `from` and `to`, and of that, in full ones. */
function collectedBetween(from: number, to: number): { ms: number; majorMs: number } {
  let ms = 0;
  let majorMs = 0;
  for (const c of collections) {
    if (c.start < from || c.start >= to) continue;
    ms += c.ms;
    if (c.major) majorMs += c.ms;
  }
  return { ms, majorMs };
}

/** The time the collector took inside a rebuild, whichever step it interrupted. */
function collectedMs(rebuild: RebuildStats | null): number {
  if (!rebuild) return Number.NaN;
  return collectedBetween(rebuild.startedAt, rebuild.startedAt + rebuild.ms).ms;
}

const ratio = (measuredMs: number, targetMs: number) => `${fmt((measuredMs / targetMs) * 100)} % of target`;

/** Where the rebuilds' time went, step by step: each step's median over `stats` (RebuildPhases). */
function phasesText(stats: ReadonlyArray<RebuildStats | null>): string {
  const of = (pick: (p: RebuildPhases) => number) =>
    fmt(median(stats.map((s) => (s ? pick(s.phases) : Number.NaN))), 1);
  return `versions ${of((p) => p.versionsMs)}, taking in ${of((p) => p.takeInMs)}, views ${of((p) => p.viewsMs)}, listings ${of((p) => p.listingsMs)}, publishing ${of((p) => p.publishMs)}, turns handed back ${of((p) => p.turnsMs)} ms`;
}

/** A series of batches: the median and range of the rebuilds after the warm-up, the warm-up runs apart; the longest block of all. */
function seriesLines(
  name: string,
  runs: ReadonlyArray<{ rebuild: RebuildStats | null; ms: number; blockMs: number; gap: Gap }>,
  warmUpRuns: number,
): string[] {
  const rebuilds = runs.map((r) => r.rebuild?.ms ?? NaN);
  const later = rebuilds.slice(warmUpRuns);
  const warmUp = rebuilds
    .slice(0, warmUpRuns)
    .map((ms) => fmt(ms, 1))
    .join(', ');
  const last = runs.at(-1)?.rebuild;
  const block = Math.max(...runs.map((r) => r.blockMs));
  return [
    `    ${name}, ${runs.length} in a row: rebuild median of runs ${warmUpRuns + 1}–${runs.length} ${fmt(median(later), 1)} ms (${ratio(median(later), TARGET_MS)}), range ${fmt(Math.min(...later), 1)}–${fmt(Math.max(...later), 1)} ms; warm-up ${warmUp} ms`,
    `      by step, median of runs ${warmUpRuns + 1}–${runs.length}: ${phasesText(runs.slice(warmUpRuns).map((r) => r.rebuild))}; of all that, garbage collections ${fmt(median(runs.slice(warmUpRuns).map((r) => collectedMs(r.rebuild))), 1)} ms`,
    `      last run: ${last?.oddsAnswers} of 96 odds answers serialized (${last?.oddsAnswersPatched} patched at their markets' places), ${last?.marketViews} market views computed; ingest + rebuild median ${fmt(median(runs.map((r) => r.ms)))} ms`,
    `      longest event-loop block over the ${runs.length}: ${fmt(block)} ms (${ratio(block, TARGET_MS)}); ${gapText(runs.map((r) => r.gap))}`,
  ];
}

/** The longest heartbeat gap of some runs: the processor time the process used in it, and the collections in it. */
function gapText(gaps: readonly Gap[]): string {
  const longest = gaps.reduce((a, b) => (b.ms > a.ms ? b : a));
  const gc = collectedBetween(longest.at, longest.at + longest.ms);
  return `longest heartbeat gap ${fmt(longest.ms)} ms: the process ran ${fmt(longest.cpuMs)} ms of processor time in it (all its threads), garbage collections ${fmt(gc.ms)} ms (full ${fmt(gc.majorMs)} ms)`;
}

const HEADER = `incremental snapshot, ${STORED.toLocaleString('en')} stored events × 8 markets × ${BOOKS.length} books (target ≤ ${TARGET_MS} ms):`;

/** Each target's figures from a process of its own: this script run again with BENCH_TARGET. */
function incrementalFiguresApart(): string[] {
  const lines = [HEADER];
  for (const { name } of benchTargets()) {
    const out = execFileSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
      env: { ...process.env, BENCH_TARGET: name },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    lines.push(...out.split('\n').filter((line) => line.startsWith('  ')));
  }
  return lines;
}

async function incrementalFigures(targetName: string): Promise<string[]> {
  watchCollections();
  const lines = [HEADER];
  const all = fixtures();
  for (const target of benchTargets().filter((t) => t.name === targetName)) {
    const { db, drop } = await target.open();
    let clock = START;
    const service = new OddsService(db, { now: () => clock });
    for (const book of BOOKS) for (const b of batchesOf(book, all, clock, book)) await service.ingest(b, 'import');
    const first = await firstBuild(db, () => clock);
    await service.details.syncWindows();
    // A running server collected what its start-up left long before its next batch: here, the
    // dropped process of the first build. V8 sweeps the collected pages on another thread
    // afterwards; a batch started at once waited for that sweep (the 1-event rebuild took 25–40 ms
    // instead of 3–8 in about one run of three), which a server never does right before a batch.
    collectGarbage();
    await new Promise((resolve) => setTimeout(resolve, SWEEP_WAIT_MS));

    clock += STEP_MS;
    const one = batchesOf(1, all.slice(0, 1), clock, 99);
    const small = await measured(() => service.ingest(one[0], 'import'));
    const smallRebuild = service.snapshot.lastRebuild;

    // 2,000 matches of one country read again, a few times in a row: each read moves a tenth of
    // the prices the last one left (the first, of the prices as stored: the same seed, country 1
    // first); then reads with nearly every price new. The first runs of each series run code the
    // process has not run or not yet optimized (USUAL_WARM_UP); a running server has run it many times.
    const read = all.filter((m) => m.country === 1).slice(0, BATCH);
    const series = async (runs: number, batchOf: (run: number) => FeedBatch) => {
      const out: Array<{ rebuild: RebuildStats | null; ms: number; blockMs: number; gap: Gap }> = [];
      for (let run = 0; run < runs; run += 1) {
        clock += STEP_MS;
        const batch = batchOf(run);
        const { ms, blockMs, gap } = await measured(() => service.ingest(batch, 'import'));
        out.push({ rebuild: service.snapshot.lastRebuild, ms, blockMs, gap });
      }
      return out;
    };
    let last = batchesOf(1, read, clock, 1)[0] as FeedBatch;
    const usual = await series(USUAL_READS, (run) => {
      last = { ...nudged(last, 0.1, 5 + run), fetchedAt: new Date(clock).toISOString() };
      return last;
    });
    const big = await series(BIG_BATCHES, (run) => batchesOf(1, read, clock, 7 + run)[0] as FeedBatch);
    // After the batches (a full collection would otherwise land just before the ones measured).
    const held = memory();
    service.close();
    await drop();
    lines.push(
      `  ${target.name}:`,
      `    first (full) build                        ${fmt(first.ms)} ms, longest event-loop block ${fmt(first.blockMs)} ms`,
      `    heap of the process holding them (snapshot, drops windows), after a full collection: ${fmt(held.heapMb)} MB`,
      `    1-event batch: rebuild                    ${fmt(smallRebuild?.ms ?? NaN, 1)} ms (${ratio(smallRebuild?.ms ?? NaN, TARGET_MS)}), ${smallRebuild?.oddsAnswers} of 96 odds answers serialized (${smallRebuild?.oddsAnswersPatched} patched); ingest + rebuild ${fmt(small.ms)} ms`,
      `      by step: ${phasesText([smallRebuild])}; of all that, garbage collections ${fmt(collectedMs(smallRebuild), 1)} ms`,
      `    1-event batch: longest event-loop block   ${fmt(small.blockMs)} ms (${ratio(small.blockMs, TARGET_MS)}); ${gapText([small.gap])}`,
      ...seriesLines('2,000-event read, a tenth of its prices moved', usual, USUAL_WARM_UP),
      ...seriesLines('2,000-event batch, nearly every price moved', big, BIG_WARM_UP),
    );
  }
  return lines;
}

async function pollAndFreshnessFigures(): Promise<string[]> {
  const server = await startBookFixtureServer({ set: 'real' });
  let bytes = 0;
  const arrivals: number[] = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = (async (...args: Parameters<typeof fetch>) => {
    const response = await realFetch(...args);
    const body = await response.text();
    bytes += Buffer.byteLength(body);
    arrivals.push(performance.now());
    return new Response(body, { status: response.status, headers: response.headers });
  }) as typeof fetch;
  try {
    const config = loadConfig({
      ...process.env,
      ...fixtureServerEnv(server.url),
      DATABASE_URL: 'sqlite::memory:',
      SERVE_WEB: 'off',
      ODDS_FEED: 'live',
      JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-0123456789',
    });
    const db = await benchDatabase();
    const app = await buildApp(config, { db, logger: false });
    await app.ready();
    const live = app.odds.live;
    if (!live) throw new Error('no collector');
    await live.stop();
    bytes = 0;
    arrivals.length = 0;
    const cycle = performance.now();
    await live.pollAll();
    const cycleMs = performance.now() - cycle;
    const cycleBytes = bytes;
    const cycleAnswers = arrivals.length;

    // Freshness: each league of each book read again, and its odds answer requested at once.
    const token = await signAccessToken(
      accessTokenKey(config.jwtSecret),
      { id: 'bench', username: 'bench', country: 1 },
      Date.now(),
      3600,
    );
    const ak = decodeJwtClaims(token)?.ak as string;
    const fresh: number[] = [];
    for (const book of ['sportybet', 'bet9ja', 'betking', 'nairabet', 'onexbet']) {
      for (const competition of COMPETITIONS.map((c) => c.id)) {
        arrivals.length = 0;
        await live.pollLeague(book, competition);
        const arrived = arrivals.at(-1);
        if (arrived === undefined) continue;
        const res = await app.inject({
          url: `/api/odds?country=1&competition=${competition}&market=1&k=${oddsSignature(ak, 1, competition, 1)}`,
          headers: { authorization: `Bearer ${token}` },
        });
        if (res.statusCode !== 200) throw new Error(`GET /api/odds: ${res.statusCode}`);
        fresh.push(performance.now() - arrived);
      }
    }
    await app.close();
    await db.destroy();
    const worst = Math.max(...fresh);
    return [
      "live collector on the fixture server (five books × four leagues, the books' real answers):",
      `  one poll cycle: ${cycleAnswers} answers, ${fmt(cycleBytes / 1024, 1)} KB read, ${fmt(cycleMs)} ms to fetch, parse and ingest`,
      `  freshness, book's answer → GET /api/odds shows it: median ${fmt(median(fresh))} ms, worst ${fmt(worst)} ms over ${fresh.length} reads (target ≤ ${FRESHNESS_TARGET_MS} ms; worst ${ratio(worst, FRESHNESS_TARGET_MS)})`,
    ];
  } finally {
    globalThis.fetch = realFetch;
    await server.close();
  }
}

async function main(): Promise<void> {
  // Figures on a shared machine move with its load: printed so a reader can weigh them.
  console.log(
    `load average at start: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')} (${os.cpus().length} cores)`,
  );
  const target = process.env.BENCH_TARGET;
  if (target) {
    console.log((await incrementalFigures(target)).join('\n'));
    return;
  }
  if (process.env.BENCH_ONLY !== 'poll') console.log(incrementalFiguresApart().join('\n'));
  console.log((await pollAndFreshnessFigures()).join('\n'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
