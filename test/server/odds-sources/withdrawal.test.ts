/**
 * A book's successful whole read of a league withdraws every price of that book and league it no
 * longer lists — a match, a market (an over/under line is one) or a selection — through the one
 * ingest path, on each database. Markets a per-event call supplies stay while that call was not
 * made this poll (the allowance spent, the call failed); a cached per-event answer counts as read.
 */
import type { FeedBatch, FeedEvent } from '@shared/contract/ingest';
import { OddsService } from '../../../src/server/modules/odds/odds.service';
import { CROSS_BOOK_TOLERANCE_MS } from '../../../src/server/modules/odds/sources/cross-book-matcher';
import { BOOK_ADAPTERS } from '../../../src/server/modules/odds/sources';
import { Collector } from '../../../src/server/modules/odds/sources/collector/collector';
import { createLiveCollector, replayInto } from '../../../src/server/modules/odds/sources/collector/live-feed';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { oddsSourcesOf } from '../../../src/server/core/odds-sources-config';
import {
  BOOK_FIXTURES,
  type BookFixtureServer,
  fixtureServerEnv,
  startBookFixtureServer,
} from '../../../scripts/lib/book-fixture-server';
import { createTestDatabase, databasesUnderTest, type TestDatabase } from '../support/databases';
import { FIXTURE_NOW, goodBatch, otherProviderBatch } from '../odds/support/batches';

jest.setTimeout(30_000);

const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe.each(databasesUnderTest())('withdrawal of what a whole read no longer lists, on $name', (target) => {
  let database: TestDatabase;

  /** Current prices (value not null) of one provider as `home|market|selection` → value. */
  const current = async (provider: number) => {
    const rows = await database.db
      .selectFrom('current_prices')
      .innerJoin('events', 'events.id', 'current_prices.event_id')
      .select(['events.home', 'current_prices.market_id', 'current_prices.selection_id', 'current_prices.value'])
      .where('current_prices.provider_id', '=', provider)
      .where('current_prices.value', 'is not', null)
      .execute();
    return new Map(rows.map((r) => [`${r.home}|${Number(r.market_id)}|${Number(r.selection_id)}`, Number(r.value)]));
  };
  const keysOf = async (provider: number) => [...(await current(provider)).keys()].sort();

  beforeEach(async () => {
    database = await createTestDatabase(target);
  });
  afterEach(async () => {
    await database.drop();
  });

  describe('through the odds service', () => {
    let service: OddsService;
    let clock: number;
    const at = (batch: FeedBatch, ms: number): FeedBatch => ({ ...batch, fetchedAt: iso(ms) });
    /** Arsenal v Chelsea with 1X2, over/under 2.5 and both teams to score; Man United v Fulham with 1X2. */
    const fullRead = () => {
      const batch = goodBatch();
      batch.events[0]!.markets.push({
        market: 7,
        prices: [
          { selection: 14, value: 1.7 },
          { selection: 15, value: 2.05 },
        ],
      });
      return batch;
    };
    const withMarkets = (batch: FeedBatch, home: string, keep: (m: FeedEvent['markets'][number]) => boolean) => ({
      ...batch,
      events: batch.events.map((e) => (e.home === home ? { ...e, markets: e.markets.filter(keep) } : e)),
    });

    beforeEach(async () => {
      clock = FIXTURE_NOW;
      service = new OddsService(database.db, { now: () => clock });
      await service.snapshot.rebuild();
      await service.ingest(fullRead(), 'live', { leagues: [1] });
      await service.ingest(otherProviderBatch(), 'live', { leagues: [1] });
    });
    afterEach(() => service.close());

    it('withdraws a market and a line the read dropped from a match it still lists, from that book only', async () => {
      const before = await keysOf(1);
      expect(before).toEqual(
        [
          'Arsenal|1|1',
          'Arsenal|1|2',
          'Arsenal|1|3',
          'Arsenal|4|8',
          'Arsenal|4|9',
          'Arsenal|7|14',
          'Arsenal|7|15',
          'Manchester United|1|1',
          'Manchester United|1|2',
          'Manchester United|1|3',
        ].sort(),
      );
      const otherBefore = await current(5);

      clock += MINUTE;
      // Bet9ja's next read lists Arsenal v Chelsea without both teams to score and without the 2.5 line.
      const dropped = withMarkets(at(fullRead(), clock), 'Arsenal', (m) => m.market === 1);
      const run = await service.ingest(dropped, 'live', { leagues: [1] });
      expect(run.prices.withdrawn).toBe(4);
      expect(await keysOf(1)).toEqual(before.filter((k) => !/^Arsenal\|[47]\|/.test(k)));
      expect(await current(5)).toEqual(otherBefore);

      // The match page no longer shows them for Bet9ja; the withdrawal is in the history.
      const event = service.snapshot.event(
        (await database.db.selectFrom('events').select('id').where('home', '=', 'Arsenal').executeTakeFirstOrThrow())
          .id,
      );
      expect(event).toBeDefined();
      const history = await database.db
        .selectFrom('price_history')
        .select(['market_id', 'value'])
        .where('provider_id', '=', 1)
        .where('value', 'is', null)
        .execute();
      expect(history.map((h) => Number(h.market_id)).sort()).toEqual([4, 4, 7, 7]);

      // The next read lists them again: they are back.
      clock += MINUTE;
      await service.ingest(at(fullRead(), clock), 'live', { leagues: [1] });
      expect(await keysOf(1)).toEqual(before);
    });

    it('withdraws a selection the read dropped from a market it still lists', async () => {
      clock += MINUTE;
      const batch = at(fullRead(), clock);
      batch.events[0]!.markets[0]!.prices = batch.events[0]!.markets[0]!.prices.filter((p) => p.selection !== 2);
      const run = await service.ingest(batch, 'live', { leagues: [1] });
      expect(run.prices.withdrawn).toBe(1);
      expect((await keysOf(1)).filter((k) => k.startsWith('Arsenal|1|'))).toEqual(['Arsenal|1|1', 'Arsenal|1|3']);
    });

    it('keeps the markets of an event whose per-event call was not made this poll; withdraws the rest', async () => {
      clock += MINUTE;
      // Both matches listed with 1X2 only; Arsenal's per-event call was not made, Man United's was
      // (and holds nothing more). Man United had nothing but 1X2: nothing of it changes.
      const batch = withMarkets(at(fullRead(), clock), 'Arsenal', (m) => m.market === 1);
      const run = await service.ingest(batch, 'live', { leagues: [1], eventsWithoutDetail: ['b9-2001'] });
      expect(run.prices.withdrawn).toBe(0);
      expect((await keysOf(1)).length).toBe(10);

      // A dropped selection of a market the list does carry is withdrawn all the same.
      clock += MINUTE;
      const lessened = withMarkets(at(fullRead(), clock), 'Arsenal', (m) => m.market === 1);
      lessened.events[0]!.markets[0]!.prices.pop();
      await service.ingest(lessened, 'live', { leagues: [1], eventsWithoutDetail: ['b9-2001'] });
      expect(await keysOf(1)).not.toContain('Arsenal|1|3');
      expect(await keysOf(1)).toContain('Arsenal|7|14');

      // A match the read no longer lists leaves, whatever eventsWithoutDetail names.
      clock += MINUTE;
      const [arsenal] = fullRead().events;
      await service.ingest(at({ ...fullRead(), events: [arsenal!] }, clock), 'live', {
        leagues: [1],
        eventsWithoutDetail: ['b9-2002'],
      });
      expect((await keysOf(1)).some((k) => k.startsWith('Manchester United|'))).toBe(false);
    });

    it('a batch that is not a whole read (a push) withdraws nothing it does not list', async () => {
      clock += MINUTE;
      const dropped = withMarkets(at(fullRead(), clock), 'Arsenal', (m) => m.market === 1);
      await service.ingest(dropped, 'push');
      expect((await keysOf(1)).length).toBe(10);
    });

    it("withdraws in the batch's own country only (another country's league of the same id is untouched)", async () => {
      const read = fullRead();
      const elsewhere: FeedBatch = {
        ...read,
        country: 2 as FeedBatch['country'],
        events: read.events.map((e) => ({ ...e, externalId: `gh-${e.externalId}` })),
      };
      await service.ingest(elsewhere, 'live', { leagues: [1] });
      const count = async (country: number) =>
        (
          await database.db
            .selectFrom('current_prices')
            .innerJoin('events', 'events.id', 'current_prices.event_id')
            .select('current_prices.value')
            .where('current_prices.provider_id', '=', 1)
            .where('events.country_id', '=', country)
            .where('current_prices.value', 'is not', null)
            .execute()
        ).length;
      expect([await count(1), await count(2)]).toEqual([10, 10]);
      clock += MINUTE;
      await service.ingest(
        withMarkets(at(elsewhere, clock), 'Arsenal', (m) => m.market === 1),
        'live',
        {
          leagues: [1],
        },
      );
      expect([await count(1), await count(2)]).toEqual([10, 6]);
    });
  });

  describe('the collector reading NairaBet (list, then per-event calls) into the database', () => {
    /** The real NairaBet Premier League answer was read 2026-09-15 12:00, its matches 3–4 days ahead. */
    const T0 = Date.parse('2026-09-15T12:00:00Z');
    let server: BookFixtureServer;
    let clock: number;

    beforeEach(async () => {
      clock = T0;
      server = await startBookFixtureServer({ set: 'real', now: () => clock });
    });
    afterEach(async () => {
      await server.close();
    });

    const collector = (eventCallsPerPoll: number) =>
      new Collector({
        books: BOOK_ADAPTERS.filter((a) => a.id === 'nairabet'),
        baseUrls: { nairabet: server.url },
        leagueIds: { nairabet: { 2: null, 3: null, 4: null } },
        pollMs: 60_000,
        eventCallsPerPoll,
        now: () => clock,
        retries: 0,
        random: () => 0.5,
        ingest: async (batch, competition, eventsWithoutDetail) => {
          const writer = new OddsService(database.db, { now: () => clock, readSide: false });
          await writer.ingest(batch, 'live', {
            leagues: [competition],
            eventsWithoutDetail,
            matchToleranceMs: CROSS_BOOK_TOLERANCE_MS,
          });
        },
        withdraw: async () => 0,
      });
    const markets = async () => new Set([...(await current(4)).keys()].map((k) => k.split('|').slice(0, 2).join('|')));

    it('keeps totals and both teams to score while the per-event call is cached, skipped or failing', async () => {
      const c = collector(3);
      await c.pollLeague('nairabet', 1);
      expect(server.eventHits.nairabet).toBe(3);
      const full = await markets();
      // Every listed match has 1X2 and double chance from the list, 2.5 and BTTS from its per-event call.
      expect([...full].filter((m) => m.endsWith('|4') || m.endsWith('|7')).length).toBe(6);

      // The next poll, the list unchanged: the cached answers count as read. (Within the first
      // minute the fixture server moves no kick-off, so the list entries stay the same.)
      clock += 10_000;
      await c.pollLeague('nairabet', 1);
      expect(server.eventHits.nairabet).toBe(3);
      expect(await markets()).toEqual(full);

      // A list whose prices moved (the cache no longer holds), the allowance of this interval spent:
      // no per-event call, and nothing the per-event calls supply is withdrawn.
      const list = readFileSync(join(BOOK_FIXTURES, 'nairabet/real/GetEvents_champ2936.EXCERPT.json'), 'utf8');
      const moved = list.replace(
        /"price":\s*([0-9.]+)/,
        (_m, v: string) => `"price": ${(Number(v) + 0.05).toFixed(2)}`,
      );
      expect(moved).not.toBe(list);
      server.fail('nairabet', { status: 200, body: moved, pathIncludes: 'GetEvents?' });
      clock += 10_000;
      await c.pollLeague('nairabet', 1);
      expect(server.eventHits.nairabet).toBe(3);
      expect(await markets()).toEqual(full);

      // The next interval (kick-offs a minute on: every list entry changed), the per-event calls fail: still kept.
      clock = T0 + MINUTE;
      server.fail('nairabet', { status: 500, body: 'oops', pathIncludes: 'GetEventDetails' });
      await c.pollLeague('nairabet', 1);
      expect(server.eventHits.nairabet).toBeGreaterThan(3);
      expect(await markets()).toEqual(full);
    });
  });

  it("a replay (list calls only) keeps Bet9ja's both teams to score, which only its per-event call gives", async () => {
    // Bet9ja's real Serie A answer and the GetEvent of its one match were read 2026-05-05 12:00.
    let clock = Date.parse('2026-05-05T12:00:00Z');
    const server = await startBookFixtureServer({ set: 'real', now: () => clock });
    const dir = mkdtempSync(join(os.tmpdir(), 'oddsmate-withdrawal-'));
    try {
      const config = oddsSourcesOf(
        { ...fixtureServerEnv(server.url), ODDS_SOURCES: 'bet9ja', ODDS_RECORD_DIR: dir },
        null,
      );
      const collector = await createLiveCollector(database.db, config, {
        now: () => clock,
        overrides: { random: () => 0.5, retries: 0 },
      });
      expect(await collector.pollLeague('bet9ja', 3)).toBe('ok');
      await collector.stop();
      expect(server.eventHits.bet9ja).toBe(1);
      const live = await keysOf(1);
      expect(live.filter((k) => k.includes('|7|'))).toHaveLength(2);
      expect(readdirSync(dir).length).toBeGreaterThan(0);

      clock += MINUTE;
      const summary = await replayInto(database.db, dir, { now: () => clock });
      expect(summary).toMatchObject({ applied: 1, failed: [] });
      expect(await keysOf(1)).toEqual(live);
    } finally {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
