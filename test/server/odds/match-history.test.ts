/**
 * The match page's and the dropping-odds list's API (docs/architecture.md#http-api) on both databases:
 * GET /api/odds/event/:eventId, /api/odds/event/:eventId/history?market= and
 * /api/odds/drops?country=&hours=, after sequences of batches — a price that goes back to an
 * earlier value, a book that withdraws and returns, a boost switched on, a postponed match,
 * two batches read at one moment — and drops against an independent replay of the batches.
 */
import type { TSchema } from '@sinclair/typebox';
import { FormatRegistry } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import {
  DropsResponse,
  EventDetailResponse,
  HistoryResponse,
  type DropsDto,
  type EventDetailDto,
  type HistoryDto,
  type OddsListDto,
  type PriceDropDto,
} from '@shared/contract/odds';
import type { FeedBatch } from '../../../src/shared/contract/ingest';
import { dropsOf } from '../../../src/server/modules/odds/snapshot/price-history-view';
import { databasesUnderTest } from '../support/databases';
import { buildTestApp, type TestApp } from '../support/test-app';
import { getOdds, mintToken } from './support/odds-client';
import {
  HOUR,
  MATCH_NAMES,
  T0,
  bookBatch,
  expectedDrops,
  iso,
  randomSequence,
  replay,
  type ExpectedDrop,
} from './support/price-sequence';

if (!FormatRegistry.Has('date-time')) {
  FormatRegistry.Set('date-time', (value) => !Number.isNaN(Date.parse(value)));
}

function schemaProblems(schema: TSchema, body: string): string[] {
  return [...TypeCompiler.Compile(schema).Errors(JSON.parse(body))].slice(0, 5).map((e) => `${e.path}: ${e.message}`);
}

const data = <T>(body: string) => (JSON.parse(body) as { data: T }).data;

/** Moves the test clock to `at` (real time runs on from there). */
function setClock(t: TestApp, at: number) {
  t.clock.advance(at - t.app.now());
}

const ARSENAL_1X2_B9 = (home: number, draw: number, away: number) => ({ 1: { 1: home, 2: draw, 3: away } });

/**
 * The scripted sequence (times from T0 = 2030-03-10 12:00 UTC):
 *   0h   Bet9Ja 1.83 / 3.60 / 4.20 (1X2) and 2.00 / 1.80 (O/U 2.5); 1XBet 1.86 / 3.60 / 4.45
 *   1h   Bet9Ja home 1.90
 *   2h   Bet9Ja home back to 1.83, away 4.00
 *   3h   1XBet withdraws away, draw 3.50
 *   4h   1XBet away returns at 4.50
 *   4.5h Bet9Ja boosts home (same 1.83): no point
 *   5h   Bet9Ja reports the match postponed (prices kept)
 *   6h   two Bet9Ja batches read at the same moment: home 2.10, then 2.20 (one point, 2.20)
 */
function scriptedBatches(): FeedBatch[] {
  const at = (h: number) => T0 + h * HOUR;
  const b9 = (h: number, prices: Record<number, Record<number, number>>, extra: object = {}) =>
    bookBatch(1, at(h), [{ match: 'arsenal', markets: prices, ...extra }]);
  const x1 = (h: number, prices: Record<number, Record<number, number>>) =>
    bookBatch(5, at(h), [{ match: 'arsenal', markets: prices }]);
  const boosted = b9(4.5, ARSENAL_1X2_B9(1.83, 3.6, 4.0));
  boosted.events[0]!.markets[0]!.prices[0]!.boosted = true;
  return [
    b9(0, { ...ARSENAL_1X2_B9(1.83, 3.6, 4.2), 4: { 8: 2.0, 9: 1.8 } }),
    x1(0, { 1: { 1: 1.86, 2: 3.6, 3: 4.45 } }),
    b9(1, ARSENAL_1X2_B9(1.9, 3.6, 4.2)),
    b9(2, ARSENAL_1X2_B9(1.83, 3.6, 4.0)),
    x1(3, { 1: { 1: 1.86, 2: 3.5 } }),
    x1(4, { 1: { 1: 1.86, 2: 3.5, 3: 4.5 } }),
    boosted,
    b9(5, ARSENAL_1X2_B9(1.83, 3.6, 4.0), { status: 'postponed' }),
    b9(6, ARSENAL_1X2_B9(2.1, 3.6, 4.0)),
    b9(6, ARSENAL_1X2_B9(2.2, 3.6, 4.0)),
  ];
}

describe.each(databasesUnderTest())('match page and drops API on $name', (database) => {
  let t: TestApp;
  let token: string;

  const get = (url: string, headers: Record<string, string> = {}, bearer: string | null = token) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { ...(bearer ? { authorization: `Bearer ${bearer}` } : {}), ...headers },
    });

  async function listedEventId(name: string): Promise<string | undefined> {
    const res = await getOdds(t.app, token, { country: '1', competition: '1', market: '1' });
    return data<OddsListDto>(res.body).events.find((e) => e.name === name)?.id;
  }

  async function storedEventId(home: string): Promise<string> {
    const row = await t.db.selectFrom('events').select('id').where('home', '=', home).executeTakeFirstOrThrow();
    return row.id;
  }

  beforeEach(async () => {
    t = await buildTestApp({}, { database, smtp: false });
    setClock(t, T0 + 7 * HOUR);
    token = await mintToken(t.app);
  });
  afterEach(async () => t.close());

  describe('a scripted sequence of batches', () => {
    let eventId: string;

    beforeEach(async () => {
      // Before the postponement the match is listed; the answer reuses the listed event.
      await t.app.odds.ingestAll(scriptedBatches().slice(0, 7), 'import');
      eventId = (await listedEventId('Arsenal vs Chelsea')) as string;
      expect(eventId).toMatch(/^evt_[0-9a-f]{16}$/);
    });

    it('answers the listed event with every market, as the lists show it, and the openings', async () => {
      const res = await get(`/api/odds/event/${eventId}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(schemaProblems(EventDetailResponse, res.body)).toEqual([]);
      const { event, opening } = data<EventDetailDto>(res.body);
      const listed = data<OddsListDto>(
        (await getOdds(t.app, token, { country: '1', competition: '1', market: '4' })).body,
      );
      expect(event).toMatchObject({
        id: eventId,
        name: 'Arsenal vs Chelsea',
        date: '2030-03-16T13:30:00Z',
        competitionId: 1,
      });
      expect(event.markets.map((m) => m.marketId)).toEqual([1, 4]);
      expect(event.markets[1]).toEqual(listed.events.find((e) => e.id === eventId)?.markets[0]);
      expect(opening).toEqual([
        { marketId: 1, providerId: 1, selectionTypeId: 1, value: 1.83, at: iso(T0) },
        { marketId: 1, providerId: 1, selectionTypeId: 2, value: 3.6, at: iso(T0) },
        { marketId: 1, providerId: 1, selectionTypeId: 3, value: 4.2, at: iso(T0) },
        { marketId: 1, providerId: 5, selectionTypeId: 1, value: 1.86, at: iso(T0) },
        { marketId: 1, providerId: 5, selectionTypeId: 2, value: 3.6, at: iso(T0) },
        { marketId: 1, providerId: 5, selectionTypeId: 3, value: 4.45, at: iso(T0) },
        { marketId: 4, providerId: 1, selectionTypeId: 8, value: 2.0, at: iso(T0) },
        { marketId: 4, providerId: 1, selectionTypeId: 9, value: 1.8, at: iso(T0) },
      ]);
    });

    it('answers one point per change, oldest first, through a postponement and a batch read twice at once', async () => {
      await t.app.odds.ingestAll(scriptedBatches().slice(7), 'import');
      // Postponed: no longer listed, still answered from the database.
      expect(await listedEventId('Arsenal vs Chelsea')).toBeUndefined();
      const at = (h: number) => iso(T0 + h * HOUR);

      const res = await get(`/api/odds/event/${eventId}/history?market=1`);
      expect(res.statusCode).toBe(200);
      expect(schemaProblems(HistoryResponse, res.body)).toEqual([]);
      expect(data<HistoryDto>(res.body).series).toEqual([
        {
          providerId: 1,
          selectionTypeId: 1,
          points: [
            { at: at(0), value: 1.83 },
            { at: at(1), value: 1.9 },
            { at: at(2), value: 1.83 },
            { at: at(6), value: 2.2 },
          ],
        },
        { providerId: 1, selectionTypeId: 2, points: [{ at: at(0), value: 3.6 }] },
        {
          providerId: 1,
          selectionTypeId: 3,
          points: [
            { at: at(0), value: 4.2 },
            { at: at(2), value: 4.0 },
          ],
        },
        { providerId: 5, selectionTypeId: 1, points: [{ at: at(0), value: 1.86 }] },
        {
          providerId: 5,
          selectionTypeId: 2,
          points: [
            { at: at(0), value: 3.6 },
            { at: at(3), value: 3.5 },
          ],
        },
        {
          providerId: 5,
          selectionTypeId: 3,
          points: [
            { at: at(0), value: 4.45 },
            { at: at(4), value: 4.5 },
          ],
        },
      ]);

      const ou = data<HistoryDto>((await get(`/api/odds/event/${eventId}/history?market=4`)).body);
      expect(ou.series).toEqual([
        { providerId: 1, selectionTypeId: 8, points: [{ at: at(0), value: 2.0 }] },
        { providerId: 1, selectionTypeId: 9, points: [{ at: at(0), value: 1.8 }] },
      ]);
      const none = data<HistoryDto>((await get(`/api/odds/event/${eventId}/history?market=7`)).body);
      expect(none.series).toEqual([]);

      // The postponed match's page: current prices (boost kept), openings unchanged.
      const page = await get(`/api/odds/event/${eventId}`);
      expect(page.statusCode).toBe(200);
      expect(schemaProblems(EventDetailResponse, page.body)).toEqual([]);
      const { event, opening } = data<EventDetailDto>(page.body);
      const b9 = event.markets[0]?.odds.find((row) => row.providerId === 1);
      expect(b9?.odds.map((o) => o.value)).toEqual([2.2, 3.6, 4.0]);
      expect(opening.filter((o) => o.marketId === 1 && o.providerId === 1).map((o) => o.value)).toEqual([
        1.83, 3.6, 4.2,
      ]);
      // A postponed match is not in the drops list.
      const drops = data<DropsDto>((await get('/api/odds/drops?country=1&hours=24')).body).drops;
      expect(drops.filter((d) => d.eventId === eventId)).toEqual([]);
    });

    it('answers 304 to a matching If-None-Match, and new ETags once a batch changes the answer', async () => {
      for (const url of [
        `/api/odds/event/${eventId}`,
        `/api/odds/event/${eventId}/history?market=1`,
        '/api/odds/drops?country=1&hours=6',
      ]) {
        const first = await get(url);
        expect(first.statusCode).toBe(200);
        const etag = first.headers.etag as string;
        expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
        const again = await get(url, { 'if-none-match': etag });
        expect(again.statusCode).toBe(304);
        expect(again.body).toBe('');
        const gzip = await get(url, { 'accept-encoding': 'gzip' });
        if (gzip.headers['content-encoding'] === 'gzip') expect(gzip.headers.etag).toBe(`${etag.slice(0, -1)}-gzip"`);
      }
      const page = (await get(`/api/odds/event/${eventId}`)).headers.etag as string;
      const history = (await get(`/api/odds/event/${eventId}/history?market=1`)).headers.etag as string;
      const drops = (await get('/api/odds/drops?country=1&hours=6')).headers.etag as string;

      await t.app.odds.ingest(
        bookBatch(1, T0 + 6.5 * HOUR, [{ match: 'arsenal', markets: ARSENAL_1X2_B9(1.7, 3.6, 4.0) }]),
        'import',
      );
      const changed = await get(`/api/odds/event/${eventId}`, { 'if-none-match': page });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(page);
      const newHistory = await get(`/api/odds/event/${eventId}/history?market=1`, { 'if-none-match': history });
      expect(newHistory.statusCode).toBe(200);
      const newDrops = await get('/api/odds/drops?country=1&hours=6', { 'if-none-match': drops });
      expect(newDrops.statusCode).toBe(200);
      // The window began just after 1h: 1.90, set at 1h, was in force then and counts: 1.90 → 1.70.
      expect(data<DropsDto>(newDrops.body).drops).toContainEqual({
        eventId,
        name: 'Arsenal vs Chelsea',
        date: '2030-03-16T13:30:00Z',
        competitionId: 1,
        marketId: 1,
        selectionTypeId: 1,
        providerId: 1,
        from: 1.9,
        to: 1.7,
        changePct: -10.53,
        at: iso(T0 + 6.5 * HOUR),
      });
      // The ETag the answer had is answered 304 again while nothing changes.
      const unchanged = await get(`/api/odds/event/${eventId}`, { 'if-none-match': changed.headers.etag as string });
      expect(unchanged.statusCode).toBe(304);
    });

    it('answers 404 NOT_FOUND for an unknown event, and for a match pruned 14 days after kick-off', async () => {
      for (const url of [
        '/api/odds/event/evt_0000000000000000',
        '/api/odds/event/evt_0000000000000000/history?market=1',
      ]) {
        const res = await get(url);
        expect(res.statusCode).toBe(404);
        expect(JSON.parse(res.body)).toEqual({
          error: {
            code: 'NOT_FOUND',
            description: 'No such event',
            type: 'not_found',
            requestId: res.headers['x-request-id'],
          },
        });
      }
      const kickoff = Date.parse('2030-03-16T13:30:00Z');
      // 13 days after kick-off: pruning keeps the match and its history.
      setClock(t, kickoff + 13 * 24 * HOUR);
      const later = await mintToken(t.app);
      await t.app.odds.prune(14 * 24 * HOUR);
      await t.app.odds.snapshot.rebuild();
      const kept = await get(`/api/odds/event/${eventId}/history?market=1`, {}, later);
      expect(kept.statusCode).toBe(200);
      expect(data<HistoryDto>(kept.body).series).toHaveLength(6);
      // Past 14 days it goes, history and all.
      setClock(t, kickoff + 14 * 24 * HOUR + 60_000);
      const last = await mintToken(t.app);
      await t.app.odds.prune(14 * 24 * HOUR);
      await t.app.odds.snapshot.rebuild();
      expect((await get(`/api/odds/event/${eventId}`, {}, last)).statusCode).toBe(404);
      expect((await get(`/api/odds/event/${eventId}/history?market=1`, {}, last)).statusCode).toBe(404);
      const rows = await t.db.selectFrom('price_history').select('event_id').where('event_id', '=', eventId).execute();
      expect(rows).toEqual([]);
    });

    it.each([
      ['an unknown market', '/history?market=9', 'market'],
      ['a non-numeric market', '/history?market=abc', 'market'],
      ['a missing market', '/history', 'market'],
      ['an unknown parameter', '/history?market=1&x=1', null],
    ])('answers 400 VALIDATION_ERROR for %s', async (_name, suffix, field) => {
      const res = await get(`/api/odds/event/${eventId}${suffix}`);
      expect(res.statusCode).toBe(400);
      const { error } = JSON.parse(res.body);
      expect(error).toMatchObject({ code: 'VALIDATION_ERROR', type: 'validation' });
      if (field) expect(error.details[0].field).toBe(field);
    });

    it.each([
      ['hours 2', '/api/odds/drops?country=1&hours=2', 'hours'],
      ['hours missing', '/api/odds/drops?country=1', 'hours'],
      ['an unknown country', '/api/odds/drops?country=narnia&hours=1', 'country'],
      ['a missing country', '/api/odds/drops?hours=1', 'country'],
      ['an event id with odd characters', '/api/odds/event/evt%3B1', 'eventId'],
    ])('answers 400 VALIDATION_ERROR for %s', async (_name, url, field) => {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      const { error } = JSON.parse(res.body);
      expect(error).toMatchObject({ code: 'VALIDATION_ERROR', type: 'validation' });
      expect(error.details[0].field).toBe(field);
    });

    it('answers 401 without a bearer token, or with a bad one; needs no k', async () => {
      for (const url of [
        `/api/odds/event/${eventId}`,
        `/api/odds/event/${eventId}/history?market=1`,
        '/api/odds/drops?country=1&hours=1',
      ]) {
        const none = await get(url, {}, null);
        expect(none.statusCode).toBe(401);
        expect(JSON.parse(none.body).error).toMatchObject({ code: 'UNAUTHORIZED', type: 'auth' });
        expect((await get(url, {}, `${token}x`)).statusCode).toBe(401);
        expect((await get(url)).statusCode).toBe(200);
      }
    });
  });

  describe('drops against an independent replay of the same batches', () => {
    it.each([
      [11, 30, 25],
      [29, 36, 33],
    ])(
      'seed %i: %i hourly rounds of three books, Manchester United postponed at round %i',
      async (seed, steps, postponeAt) => {
        const batches = randomSequence(seed, steps, postponeAt);
        const now = T0 + (steps - 1) * HOUR + 10 * 60_000;
        setClock(t, now);
        token = await mintToken(t.app);
        await t.app.odds.ingestAll(batches, 'import');
        const expected = replay(batches);
        const arsenalId = await storedEventId('Arsenal');
        const canonical = (d: Omit<ExpectedDrop, 'match'> | PriceDropDto) =>
          `${d.name}|${d.marketId}|${d.providerId}|${d.selectionTypeId}|${d.from}|${d.to}|${d.changePct}|${d.at}`;

        let listed = 0;
        for (const hours of [1, 6, 24]) {
          const res = await get(`/api/odds/drops?country=nigeria&hours=${hours}`);
          expect(res.statusCode).toBe(200);
          expect(schemaProblems(DropsResponse, res.body)).toEqual([]);
          const { drops } = data<DropsDto>(res.body);
          const want = expectedDrops(expected, t.app.now(), hours);
          expect(drops.map(canonical).sort()).toEqual(want.map(({ match: _m, ...d }) => canonical(d)).sort());
          for (let i = 1; i < drops.length; i += 1)
            expect(drops[i]!.changePct).toBeGreaterThanOrEqual(drops[i - 1]!.changePct);
          for (const d of drops) {
            expect(d).toMatchObject({ eventId: arsenalId, date: '2030-03-16T13:30:00Z', competitionId: 1 });
            expect(d.changePct).toBeLessThan(0);
          }
          listed += drops.length;
        }
        expect(listed).toBeGreaterThan(3);

        // Every price's history is the replay's changes without the withdrawals.
        for (const market of [1, 4]) {
          for (const [home, match] of [
            ['Arsenal', 'arsenal'],
            ['Manchester United', 'united'],
          ] as const) {
            const id = await storedEventId(home);
            const { series } = data<HistoryDto>((await get(`/api/odds/event/${id}/history?market=${market}`)).body);
            const want = [...expected.timelines.values()]
              .filter(({ key }) => key.match === match && key.marketId === market)
              .sort((a, b) => a.key.providerId - b.key.providerId || a.key.selectionTypeId - b.key.selectionTypeId)
              .map(({ key, changes }) => ({
                providerId: key.providerId,
                selectionTypeId: key.selectionTypeId,
                points: changes.flatMap((c) => (c.value === null ? [] : [{ at: iso(c.at), value: c.value }])),
              }));
            expect(series).toEqual(want);
          }
        }
        expect(MATCH_NAMES.united).toBe('Manchester United vs Fulham');
      },
    );
  });
});

describe('dropsOf', () => {
  const candidate = (i: number) => ({
    eventId: `evt_${String(i).padStart(16, '0')}`,
    name: 'A vs B',
    date: iso(T0),
    competitionId: 1,
    marketId: 1,
    providerId: 1,
    selectionId: 1,
    value: 2,
    changedAt: T0,
    windowHigh: 2 + i / 100,
    startValue: null,
  });

  it('lists at most 100, the biggest drops first', () => {
    const drops = dropsOf(Array.from({ length: 150 }, (_, i) => candidate(i)));
    expect(drops).toHaveLength(100);
    expect(drops[0]).toMatchObject({ from: 3.49, to: 2, changePct: -42.69 });
    expect(drops.at(-1)).toMatchObject({ from: 2.5, changePct: -20 });
  });

  it('takes the price in force at the window start, and lists nothing unchanged', () => {
    expect(dropsOf([{ ...candidate(0), windowHigh: 2, startValue: 2.5 }])).toMatchObject([
      { from: 2.5, changePct: -20 },
    ]);
    expect(dropsOf([{ ...candidate(0), windowHigh: 2, startValue: null }])).toEqual([]);
    expect(dropsOf([{ ...candidate(0), windowHigh: 1.9, startValue: 1.8 }])).toEqual([]);
  });
});
