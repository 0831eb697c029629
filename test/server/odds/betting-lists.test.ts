/**
 * The bettor tools' lists (docs/architecture.md#http-api) on both databases: GET /api/odds/surebets and
 * GET /api/odds/value after batches pushed through POST /api/ingest — a sure bet across three
 * books (3.1 / 3.5 / 3.1 → 7.43 %), a boosted price that makes one only with boosts=1, a book
 * whose latest batch is older than 10 minutes (and books turning stale as the test clock runs),
 * double chance priced as if it were a sure bet — against an independent computation of the
 * same definitions written here with plain arithmetic (src/shared/betting is not called).
 */
import type { TSchema } from '@sinclair/typebox';
import { FormatRegistry } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import {
  SurebetsResponse,
  ValueBetsResponse,
  type SurebetDto,
  type SurebetsDto,
  type ValueBetsDto,
} from '@shared/contract/betting';
import * as devig from '@shared/betting/devig';
import type { FeedBatch } from '../../../src/shared/contract/ingest';
import * as surebetMath from '@shared/betting/surebets';
import { databasesUnderTest } from '../support/databases';
import { buildTestApp, type TestApp } from '../support/test-app';
import { KICKOFF_1, KICKOFF_2 } from './support/batches';
import { mintToken } from './support/odds-client';
import { T0, iso } from './support/price-sequence';

if (!FormatRegistry.Has('date-time')) {
  FormatRegistry.Set('date-time', (value) => !Number.isNaN(Date.parse(value)));
}

const INGEST_TOKEN = 'ingest-token-0123456789abcdef';
const MINUTE = 60_000;
const FRESH_MS = 10 * MINUTE;

type Match = 'arsenal' | 'everton';
const MATCHES: Record<Match, { home: string; away: string; kickoff: string }> = {
  arsenal: { home: 'Arsenal', away: 'Chelsea', kickoff: KICKOFF_1 },
  everton: { home: 'Everton', away: 'Fulham', kickoff: KICKOFF_2 },
};
const NAMES: Record<Match, string> = { arsenal: 'Arsenal vs Chelsea', everton: 'Everton vs Fulham' };
/** Selections per market (docs/feed.md): 1X2, over/under 2.5, double chance. */
const SELECTIONS: Record<number, number[]> = { 1: [1, 2, 3], 4: [8, 9], 8: [16, 17, 18] };
/** Double chance (8) covers each result twice: not a set of exclusive outcomes. */
const EXCLUSIVE = (market: number) => market !== 8;

/** market → prices in selection order; `boosted` lists [market, selection] pairs of boosted prices. */
interface BookBatch {
  provider: number;
  /** fetchedAt, ms. */
  at: number;
  matches: Partial<Record<Match, Record<number, number[]>>>;
  boosted?: Array<[Match, number, number]>;
}

function feedBatch(b: BookBatch): FeedBatch {
  return {
    provider: b.provider,
    country: 1,
    fetchedAt: iso(b.at),
    events: (Object.keys(b.matches) as Match[]).map((match) => ({
      externalId: `p${b.provider}-${match}`,
      competition: 1,
      ...MATCHES[match],
      markets: Object.entries(b.matches[match]!).map(([market, values]) => ({
        market: Number(market),
        prices: values.map((value, i) => {
          const selection = SELECTIONS[Number(market)]![i]!;
          const boosted = b.boosted?.some(([m, mk, s]) => m === match && mk === Number(market) && s === selection);
          return { selection, value, ...(boosted ? { boosted: true } : {}) };
        }),
      })),
    })),
  };
}

/**
 * The batches (times from NOW = T0, the test clock at the start):
 *   BetKing (2), read 11 min ago: its Arsenal home 3.6 would make a bigger sure bet, but it is stale.
 *   Bet9Ja (1), 2 min ago; SportyBet (3), 5 min ago; 1xBet (5), 1 min ago with a boosted Everton home.
 * Fresh best 1X2 prices for Arsenal: 3.1 (1) / 3.5 (3) / 3.1 (5) → 7.43 %. Everton is a sure bet
 * only with the boosted 1.85. Double chance would be one (Σ 1/best ≈ 0.86) were it exclusive.
 */
const NOW = T0;
function initialBatches(): BookBatch[] {
  return [
    {
      provider: 2,
      at: NOW - 11 * MINUTE,
      matches: { arsenal: { 1: [3.6, 3.2, 2.2] }, everton: { 1: [1.72, 3.95, 5.0] } },
    },
    {
      provider: 3,
      at: NOW - 5 * MINUTE,
      matches: {
        arsenal: { 1: [2.8, 3.5, 2.7], 4: [2.05, 1.8], 8: [3.4, 3.4, 3.4] },
        everton: { 1: [1.75, 3.9, 5.2] },
      },
    },
    {
      provider: 1,
      at: NOW - 2 * MINUTE,
      matches: {
        arsenal: { 1: [3.1, 3.2, 2.6], 4: [1.9, 1.95], 8: [3.5, 3.5, 3.5] },
        everton: { 1: [1.7, 4.0, 5.0], 4: [1.8, 2.0] },
      },
    },
    {
      provider: 5,
      at: NOW - 1 * MINUTE,
      matches: { arsenal: { 1: [2.6, 3.3, 3.1] }, everton: { 1: [1.85, 3.8, 5.1] } },
      boosted: [['everton', 1, 1]],
    },
  ];
}

// ---- The independent computation -------------------------------------------------------

interface Price {
  value: number;
  boosted: boolean;
}

/** The state the batches leave: match → market → provider → prices, and each book's latest read. */
class Replay {
  readonly prices = new Map<string, Map<number, Price[]>>();
  readonly readAt = new Map<number, number>();

  apply(b: BookBatch): void {
    this.readAt.set(b.provider, Math.max(this.readAt.get(b.provider) ?? -Infinity, b.at));
    for (const match of Object.keys(b.matches) as Match[]) {
      for (const [market, values] of Object.entries(b.matches[match]!)) {
        const key = `${match}|${market}`;
        const books = this.prices.get(key) ?? new Map<number, Price[]>();
        this.prices.set(key, books);
        books.set(
          b.provider,
          values.map((value, i) => ({
            value,
            boosted:
              b.boosted?.some(([m, mk, s]) => m === match && mk === Number(market) && s === SELECTIONS[mk]![i]) ??
              false,
          })),
        );
      }
    }
  }

  *markets() {
    for (const [key, books] of this.prices) {
      const [match, market] = key.split('|') as [Match, string];
      const providers = [...books.keys()].sort((a, b) => a - b);
      yield { match, market: Number(market), books: providers.map((p) => ({ provider: p, prices: books.get(p)! })) };
    }
  }
}

const round2 = (x: number) => Math.round(x * 100) / 100;

interface ExpectedSurebet {
  match: Match;
  marketId: number;
  profitPct: number;
  legs: Array<{ selectionTypeId: number; providerId: number; value: number }>;
}

function expectedSurebets(replay: Replay, now: number, boosts: boolean, only?: number[]): ExpectedSurebet[] {
  const out: ExpectedSurebet[] = [];
  for (const { match, market, books } of replay.markets()) {
    if (!EXCLUSIVE(market)) continue;
    const fresh = books.filter(
      (b) => now - replay.readAt.get(b.provider)! <= FRESH_MS && (!only || only.includes(b.provider)),
    );
    const legs: ExpectedSurebet['legs'] = [];
    SELECTIONS[market]!.forEach((selection, i) => {
      let best: { providerId: number; value: number } | null = null;
      for (const book of fresh) {
        const price = book.prices[i];
        if (!price || (price.boosted && !boosts)) continue;
        if (!best || price.value > best.value) best = { providerId: book.provider, value: price.value };
      }
      if (best) legs.push({ selectionTypeId: selection, ...best });
    });
    if (legs.length !== SELECTIONS[market]!.length) continue;
    const sum = legs.reduce((s, l) => s + 1 / l.value, 0);
    if (sum < 1) out.push({ match, marketId: market, profitPct: round2((1 / sum - 1) * 100), legs });
  }
  return out.sort(
    (a, b) =>
      b.profitPct - a.profitPct ||
      MATCHES[a.match].kickoff.localeCompare(MATCHES[b.match].kickoff) ||
      a.marketId - b.marketId,
  );
}

type Method = 'multiplicative' | 'additive' | 'power' | 'shin';

/** Root of a decreasing function on [lo, hi] by halving. */
function root(f: (x: number) => number, lo: number, hi: number): number {
  for (let i = 0; i < 300; i += 1) {
    const mid = (lo + hi) / 2;
    if (f(mid) > 0) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

function fairOf(prices: number[], method: Method): number[] {
  const pi = prices.map((o) => 1 / o);
  const a = pi.reduce((s, p) => s + p, 0);
  const n = pi.length;
  const normalized = (ps: number[]) => {
    const s = ps.reduce((t, p) => t + p, 0);
    return ps.map((p) => p / s);
  };
  switch (method) {
    case 'multiplicative':
      return pi.map((p) => p / a);
    case 'additive': {
      const ps = pi.map((p) => p - (a - 1) / n);
      expect(ps.every((p) => p > 0)).toBe(true);
      return ps;
    }
    case 'power': {
      const k = root((x) => pi.reduce((s, p) => s + p ** x, 0) - 1, 0.01, 50);
      return normalized(pi.map((p) => p ** k));
    }
    case 'shin': {
      expect(a).toBeGreaterThan(1);
      const at = (z: number) => pi.map((p) => (Math.sqrt(z * z + (4 * (1 - z) * p * p) / a) - z) / (2 * (1 - z)));
      const z = root((x) => at(x).reduce((s, p) => s + p, 0) - 1, 0, 0.999);
      return normalized(at(z));
    }
  }
}

interface ExpectedValue {
  match: Match;
  marketId: number;
  selectionTypeId: number;
  providerId: number;
  value: number;
  fairValue: number;
  edgePct: number;
  /** Edge above 25 %: implausible, listed after every plausible price. */
  checkPrice: boolean;
  order: number;
}

function expectedValues(replay: Replay, method: Method, minPct: number, now = NOW): ExpectedValue[] {
  const out: ExpectedValue[] = [];
  for (const { match, market, books: all } of replay.markets()) {
    if (!EXCLUSIVE(market)) continue;
    // Only fresh books count, for the fair odds and on the list (BetKing was read 20 minutes ago).
    const books = all.filter((b) => now - replay.readAt.get(b.provider)! <= FRESH_MS);
    const n = SELECTIONS[market]!.length;
    const whole = books.filter((b) => b.prices.length === n && b.prices.every((p) => !p.boosted));
    if (whole.length === 0) continue;
    const fair = new Array<number>(n).fill(0);
    for (const book of whole) {
      fairOf(
        book.prices.map((p) => p.value),
        method,
      ).forEach((p, i) => (fair[i]! += p / whole.length));
    }
    for (const book of books) {
      book.prices.forEach((price, i) => {
        if (price.boosted) return;
        const edgePct = round2((price.value * fair[i]! - 1) * 100);
        if (edgePct < minPct) return;
        out.push({
          match,
          marketId: market,
          selectionTypeId: SELECTIONS[market]![i]!,
          providerId: book.provider,
          value: price.value,
          fairValue: round2(1 / fair[i]!),
          edgePct,
          checkPrice: edgePct > 25,
          order: i,
        });
      });
    }
  }
  return out.sort(
    (a, b) =>
      Number(a.checkPrice) - Number(b.checkPrice) ||
      b.edgePct - a.edgePct ||
      MATCHES[a.match].kickoff.localeCompare(MATCHES[b.match].kickoff) ||
      a.marketId - b.marketId ||
      a.order - b.order ||
      a.providerId - b.providerId,
  );
}

// ---- The API ------------------------------------------------------------------------------

function schemaProblems(schema: TSchema, body: string): string[] {
  return [...TypeCompiler.Compile(schema).Errors(JSON.parse(body))].slice(0, 5).map((e) => `${e.path}: ${e.message}`);
}

const data = <T>(body: string) => (JSON.parse(body) as { data: T }).data;

describe.each(databasesUnderTest())('sure bets and value lists on $name', (database) => {
  let t: TestApp;
  let token: string;
  let replay: Replay;
  /** The app's clock: stands still unless a test moves it, so the 10-minute edge can be hit exactly. */
  let clock = NOW;
  const eventIds = new Map<string, Match>();

  const get = (url: string, headers: Record<string, string> = {}, bearer: string | null = token) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { ...(bearer ? { authorization: `Bearer ${bearer}` } : {}), ...headers },
    });

  async function push(b: BookBatch) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ingest',
      headers: { authorization: `Bearer ${INGEST_TOKEN}` },
      payload: feedBatch(b),
    });
    expect(res.statusCode).toBe(200);
    replay.apply(b);
  }

  /** The API's entries with the event named by its match, checked against the other fields. */
  function byMatch<T extends { eventId: string; name: string; date: string; competitionId: number }>(list: T[]) {
    return list.map(({ eventId, name, date, competitionId, ...rest }) => {
      const match = eventIds.get(eventId);
      expect(match).toBeDefined();
      expect({ name, date, competitionId }).toEqual({
        name: NAMES[match!],
        date: MATCHES[match!].kickoff,
        competitionId: 1,
      });
      return { match: match!, ...rest };
    });
  }

  async function surebets(
    boosts?: '0' | '1',
    books?: string,
  ): Promise<Array<Omit<SurebetDto, 'eventId' | 'name' | 'date' | 'competitionId'> & { match: Match }>> {
    const res = await get(
      `/api/odds/surebets?country=1${boosts ? `&boosts=${boosts}` : ''}${books ? `&books=${books}` : ''}`,
    );
    expect(res.statusCode).toBe(200);
    expect(schemaProblems(SurebetsResponse, res.body)).toEqual([]);
    return byMatch(data<SurebetsDto>(res.body).surebets);
  }

  async function values(query: string) {
    const res = await get(`/api/odds/value?country=1${query}`);
    expect(res.statusCode).toBe(200);
    expect(schemaProblems(ValueBetsResponse, res.body)).toEqual([]);
    return byMatch(data<ValueBetsDto>(res.body).values);
  }

  const withoutOrder = (list: ExpectedValue[]) => list.map(({ order: _order, ...rest }) => rest);

  beforeEach(async () => {
    clock = NOW;
    t = await buildTestApp({ ingestToken: INGEST_TOKEN }, { database, smtp: false, now: () => clock });
    token = await mintToken(t.app);
    replay = new Replay();
    for (const b of initialBatches()) await push(b);
    eventIds.clear();
    const rows = await t.db.selectFrom('events').select(['id', 'home']).execute();
    for (const row of rows) eventIds.set(row.id, row.home === 'Arsenal' ? 'arsenal' : 'everton');
    expect(eventIds.size).toBe(2);
  });
  afterEach(async () => t.close());

  describe('GET /api/odds/surebets', () => {
    it('lists the sure bets of the fresh books, largest profit first, as computed independently', async () => {
      const list = await surebets();
      expect(list).toEqual(expectedSurebets(replay, t.app.now(), false));
      // The published example: best prices 3.1 (Bet9Ja) / 3.5 (SportyBet) / 3.1 (1xBet) → 7.43 %.
      expect(list).toEqual([
        {
          match: 'arsenal',
          marketId: 1,
          profitPct: 7.43,
          legs: [
            { selectionTypeId: 1, providerId: 1, value: 3.1 },
            { selectionTypeId: 2, providerId: 3, value: 3.5 },
            { selectionTypeId: 3, providerId: 5, value: 3.1 },
          ],
        },
      ]);
      expect(await surebets('0')).toEqual(list);
    });

    it('counts a boosted price only with boosts=1', async () => {
      const list = await surebets('1');
      expect(list).toEqual(expectedSurebets(replay, t.app.now(), true));
      expect(list.map((s) => [s.match, s.marketId])).toEqual([
        ['arsenal', 1],
        ['everton', 1],
      ]);
      expect(list[1]!.legs[0]).toEqual({ selectionTypeId: 1, providerId: 5, value: 1.85 });
      expect(list[1]!.profitPct).toBe(round2((1 / (1 / 1.85 + 1 / 4.0 + 1 / 5.2) - 1) * 100));
    });

    it('leaves out double chance, though its best prices sum to less than 1', async () => {
      expect(1 / 3.5 + 1 / 3.5 + 1 / 3.5).toBeLessThan(1);
      for (const boosts of ['0', '1'] as const) {
        expect((await surebets(boosts)).some((s) => s.marketId === 8)).toBe(false);
      }
    });

    it('drops books as their latest batch turns older than 10 minutes on the clock alone, and takes a fresh batch back', async () => {
      const first = await get('/api/odds/surebets?country=1');
      // 6 minutes on: SportyBet (read 11 minutes ago) is out, Arsenal is still a sure bet across the other two.
      clock += 6 * MINUTE;
      const later = await get('/api/odds/surebets?country=1');
      expect(later.headers.etag).not.toBe(first.headers.etag);
      const list = byMatch(data<SurebetsDto>(later.body).surebets);
      expect(list).toEqual(expectedSurebets(replay, t.app.now(), false));
      expect(list[0]!.legs.map((l) => l.providerId)).toEqual([1, 5, 5]);
      expect(list[0]!.profitPct).toBe(round2((1 / (1 / 3.1 + 1 / 3.3 + 1 / 3.1) - 1) * 100));
      for (const boosts of ['0', '1'] as const) {
        expect(await surebets(boosts)).toEqual(expectedSurebets(replay, t.app.now(), boosts === '1'));
      }
      // 3 more: Bet9Ja (read 11 minutes ago) is out too; 1xBet (10 minutes, still in) alone has no sure bet.
      clock += 3 * MINUTE;
      expect(await surebets()).toEqual([]);
      expect(await surebets('1')).toEqual(expectedSurebets(replay, t.app.now(), true));
      // BetKing reads again: its 3.6 home is fresh now.
      await push({
        provider: 2,
        at: t.app.now(),
        matches: { arsenal: { 1: [3.6, 3.2, 2.2] }, everton: { 1: [1.72, 3.95, 5.0] } },
      });
      const back = await surebets();
      expect(back).toEqual(expectedSurebets(replay, t.app.now(), false));
      expect(back.length).toBeGreaterThan(0);
    });

    it('counts a book fresh while its latest batch is at most 10 minutes old (inclusive)', async () => {
      // SportyBet was read 5 minutes ago: exactly 10 minutes after, it still counts; a millisecond later it does not.
      clock = NOW + 5 * MINUTE;
      const exact = await surebets();
      expect(exact.find((s) => s.match === 'arsenal')?.legs[1]?.providerId).toBe(3);
      clock += 1;
      const after = await surebets();
      expect(after.find((s) => s.match === 'arsenal')?.legs[1]?.providerId).toBe(5);
    });
  });

  describe('"My books only": the books parameter', () => {
    it('finds sure bets among those books alone', async () => {
      // The published sure bet needs Bet9Ja, SportyBet and 1xBet together.
      expect(await surebets(undefined, '1,3,5')).toEqual(await surebets());
      for (const [books, only] of [
        ['1,3', [1, 3]],
        ['5', [5]],
        ['3,5,2', [2, 3, 5]],
      ] as const) {
        const list = await surebets('1', books);
        expect(list).toEqual(expectedSurebets(replay, t.app.now(), true, [...only]));
        expect(list.every((s) => s.legs.every((leg) => only.some((id) => id === leg.providerId)))).toBe(true);
      }
      // Without 1xBet the away leg falls to SportyBet's 2.7: a smaller sure bet (Σ 1/best ≈ 0.979).
      const arsenal = (await surebets(undefined, '1,3')).find((s) => s.match === 'arsenal' && s.marketId === 1);
      expect(arsenal?.legs[2]).toEqual({ selectionTypeId: 3, providerId: 3, value: 2.7 });
      expect(arsenal?.profitPct).toBe(round2((1 / (1 / 3.1 + 1 / 3.5 + 1 / 2.7) - 1) * 100));
    });

    it("lists value prices of those books alone, against every fresh book's fair price", async () => {
      const all = await values('&method=shin&min=0');
      const at1xBet = await values('&method=shin&min=0&books=5');
      expect(at1xBet.length).toBeGreaterThan(0);
      expect(at1xBet).toEqual(all.filter((v) => v.providerId === 5));
      expect(at1xBet).toEqual(withoutOrder(expectedValues(replay, 'shin', 0)).filter((v) => v.providerId === 5));
    });

    it('answers the same list however the books are spelled (order, repeats)', async () => {
      const a = await get('/api/odds/value?country=1&books=1,3');
      const b = await get('/api/odds/value?country=1&books=3,1,3');
      expect(b.statusCode).toBe(200);
      expect(b.body).toBe(a.body);
      expect(b.headers.etag).toBe(a.headers.etag);
    });

    it.each([
      '/api/odds/surebets?country=1&books=9',
      '/api/odds/value?country=1&books=1,0',
      '/api/odds/value?country=1&books=6',
    ])('answers 400 UNKNOWN_BOOKMAKER to %s', async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      const { error } = JSON.parse(res.body);
      expect(error).toMatchObject({ code: 'UNKNOWN_BOOKMAKER', type: 'validation' });
      expect(error.description).toMatch(/^Unknown bookmaker: [0-9]$/);
      expect(error.details).toEqual([{ field: 'books', message: error.description }]);
    });

    it.each(['books=', 'books=a', 'books=1;2', 'books=1,,2', 'books=1,2,3,4,5,1,2,3,4,5,1'])(
      'answers 400 VALIDATION_ERROR to %s',
      async (query) => {
        for (const path of ['/api/odds/surebets?country=1&', '/api/odds/value?country=1&']) {
          const res = await get(path + query);
          expect(res.statusCode).toBe(400);
          expect(JSON.parse(res.body).error.code).toBe('VALIDATION_ERROR');
        }
      },
    );
  });

  describe('GET /api/odds/value', () => {
    it.each(['multiplicative', 'additive', 'power', 'shin'] as const)(
      'lists prices at or above the minimum edge with %s fair odds, largest edge first',
      async (method) => {
        for (const min of [undefined, '0', '5.5', '12']) {
          const query = `&method=${method}${min === undefined ? '' : `&min=${min}`}`;
          const expected = withoutOrder(expectedValues(replay, method, min === undefined ? 2 : Number(min)));
          expect(await values(query)).toEqual(expected);
        }
        expect((await values(`&method=${method}&min=0`)).length).toBeGreaterThan(3);
      },
    );

    it('defaults to the multiplicative method and a 2 % minimum', async () => {
      const list = await values('');
      expect(list).toEqual(withoutOrder(expectedValues(replay, 'multiplicative', 2)));
      expect(list.length).toBeGreaterThan(0);
      expect(list.every((v) => v.edgePct >= 2)).toBe(true);
    });

    it('takes min inclusively', async () => {
      const all = await values('&min=0');
      const edge = all[2]!.edgePct;
      const at = await values(`&min=${edge}`);
      expect(at).toContainEqual(all[2]);
      expect(at.every((v) => v.edgePct >= edge)).toBe(true);
      const above = await values(`&min=${round2(edge + 0.01)}`);
      expect(above).not.toContainEqual(all[2]);
    });

    it('leaves boosted prices and double chance out, and the boosted book out of fair odds', async () => {
      for (const method of ['multiplicative', 'shin'] as const) {
        const list = await values(`&method=${method}&min=0`);
        expect(list.some((v) => v.marketId === 8)).toBe(false);
        expect(list.some((v) => v.match === 'everton' && v.providerId === 5 && v.selectionTypeId === 1)).toBe(false);
        // 1xBet's unboosted Everton prices are still compared with the fair price of the others.
        const multiplicative = expectedValues(replay, method, 0).filter((v) => v.match === 'everton');
        expect(list.filter((v) => v.match === 'everton')).toEqual(withoutOrder(multiplicative));
      }
    });
  });

  describe('both lists', () => {
    it('answer 401 without a bearer token', async () => {
      for (const url of ['/api/odds/surebets?country=1', '/api/odds/value?country=1']) {
        const res = await get(url, {}, null);
        expect(res.statusCode).toBe(401);
        expect(JSON.parse(res.body).error.code).toBe('UNAUTHORIZED');
      }
    });

    it.each([
      '/api/odds/surebets',
      '/api/odds/surebets?country=narnia',
      '/api/odds/surebets?country=9',
      '/api/odds/surebets?country=1&boosts=2',
      '/api/odds/surebets?country=1&boosts=true',
      '/api/odds/surebets?country=1&extra=1',
      '/api/odds/value',
      '/api/odds/value?country=narnia',
      '/api/odds/value?country=1&method=kelly',
      '/api/odds/value?country=1&min=abc',
      '/api/odds/value?country=1&min=-1',
      '/api/odds/value?country=1&min=2.555',
      '/api/odds/value?country=1&min=1000',
      '/api/odds/value?country=1&min=',
      '/api/odds/value?country=1&k=123',
    ])('answer 400 VALIDATION_ERROR to %s', async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      const { error } = JSON.parse(res.body);
      expect(error).toMatchObject({ code: 'VALIDATION_ERROR', type: 'validation' });
      expect(error.details.length).toBeGreaterThan(0);
    });

    it.each(['/api/odds/surebets?country=1&boosts=1', '/api/odds/value?country=nigeria&method=power&min=0'])(
      'answer %s with a strong ETag, 304 when the client has it, a new one after a batch',
      async (url) => {
        const first = await get(url);
        expect(first.statusCode).toBe(200);
        expect(first.headers.etag).toMatch(/^"[^"]+"$/);
        expect(first.headers['cache-control']).toBe('private, no-cache');
        const again = await get(url);
        expect(again.headers.etag).toBe(first.headers.etag);
        expect(again.body).toBe(first.body);
        const cached = await get(url, { 'if-none-match': first.headers.etag as string });
        expect(cached.statusCode).toBe(304);
        expect(cached.body).toBe('');
        await push({ provider: 3, at: t.app.now(), matches: { arsenal: { 1: [2.9, 3.6, 2.7] } } });
        const moved = await get(url, { 'if-none-match': first.headers.etag as string });
        expect(moved.statusCode).toBe(200);
        expect(moved.headers.etag).not.toBe(first.headers.etag);
      },
    );

    it('compute each answer once per snapshot rebuild, not per request', async () => {
      const sure = jest.spyOn(surebetMath, 'findSurebet');
      const fair = jest.spyOn(devig, 'fairMarket');
      try {
        for (let i = 0; i < 3; i += 1) {
          expect((await get('/api/odds/surebets?country=1')).statusCode).toBe(200);
          expect((await get('/api/odds/value?country=1&method=shin&min=1')).statusCode).toBe(200);
        }
        const perSurebets = sure.mock.calls.length;
        expect(perSurebets).toBeGreaterThan(0);
        const perList = fair.mock.calls.length;
        expect(perList).toBeGreaterThan(0);
        // Another minimum filters the same computed list.
        expect((await get('/api/odds/value?country=1&method=shin&min=3')).statusCode).toBe(200);
        expect(fair).toHaveBeenCalledTimes(perList);
        await push({ provider: 3, at: t.app.now(), matches: { arsenal: { 1: [2.9, 3.6, 2.7] } } });
        await get('/api/odds/surebets?country=1');
        await get('/api/odds/value?country=1&method=shin&min=1');
        expect(sure).toHaveBeenCalledTimes(2 * perSurebets);
        expect(fair).toHaveBeenCalledTimes(2 * perList);
      } finally {
        sure.mockRestore();
        fair.mockRestore();
      }
    });
  });
});
