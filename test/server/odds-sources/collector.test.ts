/**
 * The whole collector against a local HTTP server that answers like the five books from the
 * fixtures (at the real paths, ODDS_SOURCE_URL_* pointed at it), on SQLite and PostgreSQL:
 * all five books merged into one event per match, one book down while the others update,
 * the circuit breaker opening and recovering, Retry-After, timeouts, at most two requests in
 * flight per book, withdrawal after 15 minutes, and a recording that replays to the same state.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../../../src/server/core/db/connect';
import { oddsSourcesOf } from '../../../src/server/core/odds-sources-config';
import type { Collector } from '../../../src/server/modules/odds/sources/collector/collector';
import { createLiveCollector, replayInto } from '../../../src/server/modules/odds/sources/collector/live-feed';
import { readSourcesHealth } from '../../../src/server/modules/odds/sources/source-health';
import { bookAdapter } from '../../../src/server/modules/odds/sources';
import { createTestDatabase, databasesUnderTest, type TestDatabase } from '../support/databases';
import {
  type BookFixtureServer,
  FIXTURE_DAY,
  fixtureServerEnv,
  startBookFixtureServer,
} from '../../../scripts/lib/book-fixture-server';

jest.setTimeout(60_000);

const MIN = 60_000;

/** Events with, per provider, every current price — ids left out so two databases compare. */
async function oddsState(db: Db) {
  const rows = await db
    .selectFrom('current_prices')
    .innerJoin('events', 'events.id', 'current_prices.event_id')
    .select([
      'events.competition_id',
      'events.home',
      'events.away',
      'events.kickoff_at',
      'current_prices.provider_id',
      'current_prices.market_id',
      'current_prices.selection_id',
      'current_prices.value',
      'current_prices.boosted',
      'current_prices.changed_at',
    ])
    .execute();
  return rows
    .map(
      (r) =>
        `${r.competition_id} ${r.home} v ${r.away} ${new Date(Number(r.kickoff_at)).toISOString()} p${r.provider_id} m${r.market_id} s${r.selection_id} ${r.value === null ? '-' : Number(r.value)}${Number(r.boosted) ? ' boosted' : ''} @${Number(r.changed_at)}`,
    )
    .sort();
}

async function providersByEvent(db: Db): Promise<Map<string, Set<number>>> {
  const rows = await db
    .selectFrom('current_prices')
    .innerJoin('events', 'events.id', 'current_prices.event_id')
    .select(['events.home', 'events.away', 'current_prices.provider_id'])
    .execute();
  const out = new Map<string, Set<number>>();
  for (const r of rows) {
    const key = `${r.home} v ${r.away}`;
    out.set(key, (out.get(key) ?? new Set()).add(Number(r.provider_id)));
  }
  return out;
}

async function eventCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom('events')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe.each(databasesUnderTest())('live collector on $name', (target) => {
  let database: TestDatabase;
  let server: BookFixtureServer;
  let clock: number;
  let sleeps: number[];
  let collector: Collector;
  let recordDir: string | null;

  const health = async () =>
    Object.fromEntries((await readSourcesHealth(database.db, clock)).map((s) => [s.providerId, s]));

  async function makeCollector(env: Record<string, string> = {}, timeoutMs = 5000) {
    const config = oddsSourcesOf({ ...fixtureServerEnv(server.url), ...env }, null);
    return createLiveCollector(database.db, config, {
      now: () => clock,
      overrides: {
        sleep: async (ms) => {
          sleeps.push(ms);
          clock += ms;
        },
        random: () => 0.5,
        timeoutMs,
        backoffMs: 1000,
      },
    });
  }

  beforeEach(async () => {
    database = await createTestDatabase(target);
    server = await startBookFixtureServer();
    clock = FIXTURE_DAY;
    sleeps = [];
    recordDir = null;
    collector = await makeCollector();
  });

  afterEach(async () => {
    await collector.stop();
    await server.close();
    await database.drop();
    if (recordDir) rmSync(recordDir, { recursive: true, force: true });
  });

  it('merges all five books into one event per match, four leagues each, and reports them ok', async () => {
    await collector.pollAll();
    expect(sleeps).toEqual([]);
    expect(await eventCount(database.db)).toBe(12);
    const byEvent = await providersByEvent(database.db);
    expect(byEvent.size).toBe(12);
    for (const [match, providers] of byEvent) expect([match, [...providers].sort()]).toEqual([match, [1, 2, 3, 4, 5]]);
    const sources = await health();
    for (const provider of [1, 2, 3, 4, 5]) {
      expect(sources[provider]).toMatchObject({
        state: 'ok',
        lastError: null,
        lastSuccessAt: new Date(clock).toISOString(),
      });
      expect(sources[provider]?.leagues.map((l) => [l.competitionId, l.events])).toEqual([
        [1, 3],
        [2, 3],
        [3, 3],
        [4, 3],
      ]);
      expect(sources[provider]?.leagues.every((l) => l.prices > 0)).toBe(true);
    }
    // SportyBet is paged: page 2 of each league was asked for (and was empty).
    expect(server.hits.sportybet).toBe(8);
    expect(server.lastHeaders.bet9ja?.['user-agent']).toMatch(/^Mozilla\/5\.0 .*Chrome/);
    expect(server.lastHeaders.bet9ja?.['accept-language']).toMatch(/^en-NG/);
    expect(Math.max(...Object.values(server.maxInFlight))).toBeLessThanOrEqual(2);
    expect(server.maxInFlight.bet9ja).toBe(2);
  });

  it('keeps a failing book apart: its prices stay, the others update, nothing else changes', async () => {
    await collector.pollAll();
    const before = await oddsState(database.db);
    server.fail('bet9ja', { status: 500, file: 'error-500.html' });
    clock += MIN;
    await collector.pollAll();
    expect(await oddsState(database.db)).toEqual(before);
    const sources = await health();
    expect(sources[1]).toMatchObject({ state: 'degraded', lastSuccessAt: new Date(FIXTURE_DAY).toISOString() });
    expect(sources[1]?.lastError).toMatch(/HTTP 500 after 3 tries/);
    for (const provider of [2, 3, 4, 5]) {
      expect(sources[provider]?.state).toBe('ok');
      expect(Date.parse(sources[provider]?.lastSuccessAt ?? '')).toBeGreaterThanOrEqual(FIXTURE_DAY + MIN);
      expect(sources[provider]?.leagues.every((l) => Date.parse(l.fetchedAt ?? '') >= FIXTURE_DAY + MIN)).toBe(true);
    }
    // Retries backed off exponentially: 1 s then 2 s (× 1.05 jitter) per failing league.
    expect(sleeps).toEqual(expect.arrayContaining([1050, 2100]));
  });

  it.each([
    ['a 403 challenge page', { status: 403, file: 'error-403.html' }, /blocked/],
    ['invalid JSON', { status: 200, file: 'invalid-json.txt' }, /invalid-json/],
    ['SportyBet bizCode', { status: 200, file: 'error-answer.json' }, /error-answer/],
  ])('counts %s as a failed read', async (_name, answer, error) => {
    server.fail('sportybet', answer);
    await collector.pollAll();
    const sources = await health();
    expect(sources[3]?.state).toBe('degraded');
    expect(sources[3]?.lastError).toMatch(error);
    expect(sources[1]?.state).toBe('ok');
  });

  it('hands a JSON 5xx to the parser of a book that declares statusInBody (SportyBet), and retries it elsewhere', async () => {
    expect(bookAdapter('sportybet')?.statusInBody).toBe(true);
    expect(bookAdapter('bet9ja')?.statusInBody).toBeUndefined();
    const body = '{"bizCode":19999,"message":"server busy"}';
    server.fail('sportybet', { status: 500, body });
    server.fail('bet9ja', { status: 500, body });
    await collector.pollLeague('sportybet', 1);
    await collector.pollLeague('bet9ja', 1);
    expect(server.hits.sportybet).toBe(1);
    expect(server.hits.bet9ja).toBe(3);
    const sources = await health();
    expect(sources[3]?.lastError).toMatch(/error-answer/);
    expect(sources[1]?.lastError).toMatch(/HTTP 500 after 3 tries/);
  });

  it('opens the circuit breaker after 5 failed polls, probes every 5 minutes, and closes on success', async () => {
    server.fail('betking', { status: 503, body: 'down' });
    await collector.pollAll(); // 4 leagues fail
    await collector.pollAll(); // the 5th failure opens the breaker
    expect((await health())[2]?.state).toBe('down');
    const hits = server.hits.betking ?? 0;
    clock += MIN;
    await collector.pollAll();
    expect(server.hits.betking).toBe(hits); // left alone while open
    clock += 5 * MIN;
    await collector.pollAll();
    expect(server.hits.betking).toBe(hits + 3); // one probe (three tries), still failing
    expect((await health())[2]?.state).toBe('down');
    server.fail('betking', null);
    clock += MIN;
    await collector.pollAll();
    expect(server.hits.betking).toBe(hits + 3);
    clock += 5 * MIN;
    await collector.pollAll(); // the probe succeeds
    await collector.pollAll();
    const sources = await health();
    expect(sources[2]?.state).toBe('ok');
    expect(sources[2]?.leagues.every((l) => l.events === 3)).toBe(true);
  });

  it('honours Retry-After on 429 and 503', async () => {
    server.fail('onexbet', { status: 429, body: '', headers: { 'retry-after': '7' }, times: 1 });
    await collector.pollAll();
    expect(sleeps).toContain(7000);
    expect((await health())[5]?.state).toBe('ok');

    // A Retry-After longer than a poll is not waited for: the book is skipped until it has passed.
    server.fail('nairabet', { status: 503, body: '', headers: { 'retry-after': '600' } });
    clock += MIN;
    await collector.pollAll();
    server.fail('nairabet', null);
    const hits = server.hits.nairabet ?? 0;
    clock += 5 * MIN;
    await collector.pollAll();
    expect(server.hits.nairabet).toBe(hits);
    clock += 5 * MIN;
    await collector.pollAll();
    expect(server.hits.nairabet).toBe(hits + 4);
    expect((await health())[4]?.state).toBe('ok');
  });

  it('gives up on a request at its timeout and tries again', async () => {
    await collector.stop();
    // Long enough that no answer of the fixture server misses it on a loaded machine; the hung one does.
    collector = await makeCollector({}, 2000);
    server.fail('bet9ja', { hang: true, times: 1 });
    await collector.pollAll();
    expect((await health())[1]?.state).toBe('ok');
    expect(server.hits.bet9ja).toBe(5);
  });

  it('withdraws a failing book after 15 minutes: its prices vanish, the other books stay', async () => {
    await collector.pollAll();
    server.fail('nairabet', { status: 403, file: 'error-403.html' });
    clock += 10 * MIN;
    await collector.pollAll();
    expect([...(await providersByEvent(database.db)).values()].every((p) => p.has(4))).toBe(true);
    clock += 6 * MIN;
    await collector.pollAll();
    const byEvent = await providersByEvent(database.db);
    const upcoming = ['Liverpool v Arsenal', 'Real Madrid v Mallorca', 'Torino v Inter'];
    for (const match of upcoming) expect([...(byEvent.get(match) ?? [])].sort()).toEqual([1, 2, 3, 5]);
    const sources = await health();
    expect(sources[4]?.state).toBe('down');
    expect(sources[4]?.leagues.every((l) => l.prices === 0)).toBe(true);
    const runs = await database.db
      .selectFrom('ingest_runs')
      .select(['prices_withdrawn', 'error'])
      .where('provider_id', '=', 4)
      .where('prices_withdrawn', '>', 0)
      .execute();
    expect(runs.length).toBe(4);
    expect(runs[0]?.error).toMatch(/^withdrawn: no good answer from NairaBet/);
  });

  it('replays a recording to the same database state', async () => {
    recordDir = mkdtempSync(path.join(os.tmpdir(), 'oddsmate-recording-'));
    await collector.stop();
    collector = await makeCollector({ ODDS_RECORD_DIR: recordDir });
    server.fail('betking', { status: 500, body: 'oops', times: 2 });
    await collector.pollAll();
    clock += MIN;
    server.fail('onexbet', { status: 403, file: 'error-403.html' });
    await collector.pollAll();
    const live = await oddsState(database.db);
    expect(live.length).toBeGreaterThan(500);
    const files = readdirSync(recordDir);
    expect(files.length).toBeGreaterThanOrEqual(2 * (4 + 4 + 8 + 4 + 4) + 2);

    const other = await createTestDatabase(target);
    try {
      const summary = await replayInto(other.db, recordDir, { now: () => clock });
      expect(summary.failed).toHaveLength(4); // 1xBet's four 403s
      expect(await oddsState(other.db)).toEqual(live);
    } finally {
      await other.drop();
    }
  });
});
