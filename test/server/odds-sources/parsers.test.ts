/**
 * Each book's parser on its recorded-shape fixtures: exact prices and selections, canonical
 * club names, the common rules (suspended, placeholder, lines, boosts, UTC kick-offs), every
 * batch accepted by the feed validation, and error answers as problems, never a throw.
 */
import { validateBatch } from '../../../src/server/modules/odds/feed/feed-validation';
import {
  BOOK_ADAPTERS,
  type BookAdapter,
  type BookId,
  type FeedMarket,
  type ParseResult,
  type ProblemCode,
  bookAdapter,
} from '../../../src/server/modules/odds/sources';
import { FETCHED_AT, LEAGUE_FILES, allMarkets, answer, manifest } from './book-fixtures';

const adapter = (id: BookId) => bookAdapter(id) as BookAdapter;

/**
 * The book's reading of a hand-made fixture, without the booking refs and Sportradar ids (those
 * are checked on the real answers, real-answers.test.ts).
 */
function parse(book: BookId, file: string, competition = 1): ParseResult {
  const result = adapter(book).parse(answer(book, file), { competition, fetchedAt: FETCHED_AT });
  const events = result.batch.events.map(({ sportradarId: _id, ...event }) => ({
    ...event,
    markets: event.markets.map((m) => ({ ...m, prices: m.prices.map(({ ref: _ref, ...price }) => price) })),
  }));
  return { ...result, batch: { ...result.batch, events } };
}

function market(markets: FeedMarket[], id: number): FeedMarket | undefined {
  return markets.find((m) => m.market === id);
}

/** An event or market without the books' booking refs (each book's own test checks them). */
function withoutRefs<T>(value: T): T {
  return JSON.parse(JSON.stringify(value, (key, v: unknown) => (key === 'ref' ? undefined : v))) as T;
}

function counts(result: ParseResult): Partial<Record<ProblemCode, number>> {
  return Object.fromEntries(result.problems.map((p) => [p.code, p.count]));
}

/** What each book's Premier League fixture holds, as written in test/fixtures/books. */
const PREMIER_LEAGUE: Record<
  BookId,
  {
    first: { externalId: string; raw: [string, string]; markets: ReturnType<typeof allMarkets> };
    second: { markets: Record<number, Array<[number, number]>> };
    problems: Partial<Record<ProblemCode, number>>;
    boosts: ParseResult['boosts'];
  }
> = {
  bet9ja: {
    first: {
      externalId: '5210100',
      raw: ['Man United', 'West Ham'],
      markets: allMarkets({
        x12: [1.9, 3.6, 4],
        ou: [
          [1.02, 16.73],
          [1.21, 4.32],
          [1.73, 2.1],
          [2.9, 1.4],
          [5.74, 1.13],
        ],
        btts: [1.68, 2.15],
        dc: [1.25, 1.29, 1.9],
      }),
    },
    second: {
      markets: {
        1: [
          [1, 11],
          [2, 7.5],
          [3, 1.2],
        ],
        7: [[14, 1.78]],
        8: [
          [16, 4.49],
          [18, 1.04],
        ],
      },
    },
    problems: { 'line-ignored': 2, 'unknown-market': 1, suspended: 1, 'placeholder-price': 1, 'malformed-item': 2 },
    boosts: [],
  },
  betking: {
    first: {
      externalId: '41870100',
      raw: ['Man Utd', 'West Ham Utd'],
      markets: allMarkets({
        x12: [2.17, 3.72, 3.83],
        ou: [
          [1.02, 16.18],
          [1.22, 4.21],
          [1.76, 2.07],
          [2.97, 1.38],
          [5.94, 1.12],
        ],
        btts: [1.7, 2.12],
        dc: [1.27, 1.28, 1.89],
      }),
    },
    second: {
      markets: {
        1: [
          [1, 13.37],
          [3, 1.19],
        ],
        8: [
          [16, 4.82],
          [18, 1.03],
        ],
      },
    },
    problems: {
      'line-ignored': 2,
      'unknown-market': 1,
      'malformed-item': 1,
      'placeholder-price': 1,
      suspended: 1,
      'missing-team': 1,
    },
    boosts: [{ externalId: '41870100', market: 1, selection: 1, value: 2.17, regularValue: 1.92 }],
  },
  sportybet: {
    first: {
      externalId: 'sr:match:50900100',
      raw: ['Man. United', 'West Ham United FC'],
      markets: allMarkets({
        x12: [2.13, 3.78, 3.95],
        ou: [
          [1.02, 16.23],
          [1.21, 4.22],
          [1.78, 2.1],
          [2.97, 1.38],
          [5.92, 1.12],
        ],
        btts: [1.7, 2.13],
        dc: [1.26, 1.28, 1.91],
      }),
    },
    second: {
      markets: {
        1: [
          [1, 14.01],
          [3, 1.19],
        ],
        7: [],
        8: [
          [16, 4.91],
          [18, 1.02],
        ],
      },
    },
    problems: { 'line-ignored': 1, 'unknown-market': 1, 'malformed-item': 1, 'placeholder-price': 1, suspended: 3 },
    boosts: [
      { externalId: 'sr:match:50900100', market: 1, selection: 1, value: 2.13 },
      { externalId: 'sr:match:50900100', market: 1, selection: 2, value: 3.78 },
      { externalId: 'sr:match:50900100', market: 1, selection: 3, value: 3.95 },
    ],
  },
  nairabet: {
    first: {
      externalId: '13800100',
      raw: ['Manchester Utd', 'West Ham United'],
      markets: allMarkets({
        x12: [2.3, 3.92, 4],
        ou: [
          [1.02, 16.11],
          [1.22, 4.2],
          [1.81, 2.12],
          [2.98, 1.38],
          [5.96, 1.12],
        ],
        btts: [1.7, 2.12],
        dc: [1.27, 1.28, 1.9],
      }),
    },
    second: {
      markets: {
        1: [
          [1, 15],
          [3, 1.2],
        ],
        8: [
          [16, 5.09],
          [18, 1.02],
        ],
      },
    },
    problems: { 'line-ignored': 1, 'unknown-market': 1, 'malformed-item': 1, 'placeholder-price': 1, suspended: 1 },
    boosts: [{ externalId: '13800100', market: 1, selection: 1, value: 2.3, regularValue: 2 }],
  },
  onexbet: {
    first: {
      externalId: '2560100',
      raw: ['Manchester U', 'West Ham'],
      markets: allMarkets({
        x12: [1.93, 3.92, 3.98],
        ou: [
          [1.02, 16.73],
          [1.21, 4.32],
          [1.73, 2.1],
          [2.9, 1.4],
          [5.74, 1.13],
        ],
        dc: [1.26, 1.27, 1.93],
      }),
    },
    second: {
      markets: {
        1: [
          [1, 15],
          [3, 1.2],
        ],
        8: [
          [16, 5.08],
          [18, 1.02],
        ],
      },
    },
    problems: { 'line-ignored': 2, 'unknown-market': 2, 'malformed-item': 1, suspended: 1, 'placeholder-price': 1 },
    boosts: [],
  },
};

const BOOKS = BOOK_ADAPTERS.map((a) => a.id);

describe.each(BOOKS)('%s parser', (book) => {
  const expected = PREMIER_LEAGUE[book];

  it.each(LEAGUE_FILES)('reads competition %i (%s) into a batch the feed validation accepts', (competition, file) => {
    const result = parse(book, file, competition);
    expect(result.ok).toBe(true);
    expect(() => validateBatch(result.batch)).not.toThrow();
    expect(result.batch.provider).toBe(adapter(book).provider);
    expect(result.batch.country).toBe(1);
    expect(result.batch.fetchedAt).toBe(FETCHED_AT);
    expect(result.batch.events).toHaveLength(3);
    for (const event of result.batch.events) {
      expect(event.competition).toBe(competition);
      expect(event.kickoff).toMatch(/^2025-05-\d\dT\d\d:\d\d:00\.000Z$/);
      // every market the book offers, each with its full set of selections unless the fixture skips one
      expect(event.markets.map((m) => m.market)).toEqual(
        book === 'onexbet' ? [1, 2, 3, 4, 5, 6, 8] : [1, 2, 3, 4, 5, 6, 7, 8],
      );
    }
  });

  it('reads the first Premier League match with exact prices, canonical clubs and the kick-off in UTC', () => {
    const result = parse(book, 'premier-league.json');
    const [first] = withoutRefs(result.batch.events);
    const boosted = new Map(expected.boosts.map((b) => [`${b.market}/${b.selection}`, b]));
    expect(first).toEqual({
      externalId: expected.first.externalId,
      competition: 1,
      home: 'Manchester United',
      away: 'West Ham United',
      kickoff: '2025-05-11T13:15:00.000Z',
      markets: expected.first.markets.map((m) => ({
        market: m.market,
        prices: m.prices.map((p) => {
          const boost = boosted.get(`${m.market}/${p.selection}`);
          if (!boost) return p;
          // The regular price the book quotes beside the boost rides along (docs/feed.md).
          return boost.regularValue === undefined
            ? { ...p, boosted: true }
            : { ...p, boosted: true, regularValue: boost.regularValue };
        }),
      })),
    });
    expect(result.names[0]).toEqual({
      externalId: expected.first.externalId,
      home: expected.first.raw[0],
      away: expected.first.raw[1],
    });
  });

  it('skips suspended and placeholder prices (a fully suspended market is listed empty, withdrawing it)', () => {
    const second = withoutRefs(parse(book, 'premier-league.json').batch.events[1]);
    expect(second?.home).toBe('Southampton');
    expect(second?.away).toBe('Manchester City');
    for (const [id, prices] of Object.entries(expected.second.markets)) {
      expect(market(second?.markets ?? [], Number(id))?.prices).toEqual(
        prices.map(([selection, value]) => ({ selection, value })),
      );
    }
  });

  it('counts what it skipped: unknown markets, lines off 0.5–4.5, malformed items, bad and placeholder prices', () => {
    const result = parse(book, 'premier-league.json');
    expect(counts(result)).toEqual(expected.problems);
    for (const problem of result.problems) expect(problem.examples.length).toBeGreaterThan(0);
  });

  it('flags boosted prices and keeps the regular price beside the batch when the book quotes it', () => {
    expect(parse(book, 'premier-league.json').boosts).toEqual(expected.boosts);
  });

  it('reads an empty league as a usable empty batch', () => {
    const result = parse(book, 'empty-league.json');
    expect(result).toMatchObject({ ok: true, problems: [], hasMore: false });
    expect(result.batch.events).toEqual([]);
  });

  it.each(manifest(book).scenarios.filter((s) => s.file !== 'empty-league.json'))(
    'answers $file (HTTP $status) with problems, not a throw',
    (scenario) => {
      const result = adapter(book).parse(answer(book, scenario.file, scenario.status, scenario['content-type']), {
        competition: 1,
        fetchedAt: FETCHED_AT,
      });
      expect(result.ok).toBe(false);
      expect(result.batch.events).toEqual([]);
      expect(() => validateBatch(result.batch)).not.toThrow();
      const expectedCode: ProblemCode =
        scenario.status === 403
          ? 'blocked'
          : scenario.status >= 500
            ? 'http-error'
            : scenario.file === 'invalid-json.txt'
              ? 'invalid-json'
              : 'error-answer';
      expect(result.problems.map((p) => p.code)).toEqual([expectedCode]);
    },
  );

  it('never throws on strange answers', () => {
    const bodies = ['', 'null', '[]', '42', '"text"', '{}', '{"R":"OK","D":{"E":{}}}', '{"AreaMatches":[null]}'];
    bodies.push(
      '{"bizCode":10000,"data":{"tournaments":[{"events":[null,{"eventId":1,"markets":[null,{"id":"1"}]}]}]}}',
    );
    bodies.push(
      '{"events":[{"id":1,"marketIds":[9],"competitorIds":[1]}],"markets":[{"id":9,"typeId":1,"oddIds":[5]}]}',
    );
    bodies.push('{"Success":true,"Value":[{"I":1,"O1":"A","O2":"B","S":"x","E":[null,{"T":9}]}]}');
    for (const body of bodies) {
      for (const status of [200, 204, 302, 404, 429, 503]) {
        const result = adapter(book).parse({ status, body }, { competition: 2, fetchedAt: FETCHED_AT });
        expect(() => validateBatch(result.batch)).not.toThrow();
      }
    }
  });
});

describe('SportyBet specifics', () => {
  it('reads a success whatever the HTTP status and pages until a page is empty', () => {
    const sporty = adapter('sportybet');
    const page1 = sporty.parse(
      { ...answer('sportybet', 'premier-league.json'), status: 202 },
      {
        competition: 1,
        fetchedAt: FETCHED_AT,
      },
    );
    expect(page1).toMatchObject({ ok: true, hasMore: true });
    expect(parse('sportybet', 'empty-league.json')).toMatchObject({ ok: true, hasMore: false });
    expect(sporty.request(1, { page: 2 })?.url).toContain('pageNum=2');
  });

  it('treats a bizCode other than 10000 as a failed call even with HTTP 200', () => {
    expect(parse('sportybet', 'error-answer.json').problems).toEqual([
      { code: 'error-answer', count: 1, examples: ['bizCode 19000: System busy, please try again later'] },
    ]);
  });

  it('skips a banned market (listed empty) and a suspended one', () => {
    const serieA = parse('sportybet', 'serie-a.json', 3);
    expect(market(serieA.batch.events[2]?.markets ?? [], 8)?.prices).toEqual([]);
    expect(counts(serieA)).toEqual({ suspended: 3 });
  });
});

describe('kick-offs', () => {
  it('reads Bet9ja West Africa Time and BetKing offsets (and Z) to the same UTC instant', () => {
    const madrid = (book: BookId) => parse(book, 'la-liga.json', 2).batch.events[1]?.kickoff;
    expect(madrid('bet9ja')).toBe('2025-05-15T17:00:00.000Z');
    expect(madrid('betking')).toBe('2025-05-15T17:00:00.000Z');
    expect(madrid('sportybet')).toBe('2025-05-15T17:00:00.000Z');
    expect(madrid('nairabet')).toBe('2025-05-15T17:00:00.000Z');
    expect(madrid('onexbet')).toBe('2025-05-15T17:00:00.000Z');
  });

  it('counts a bad price (Bet9ja "abc") and keeps the rest of the market', () => {
    const laLiga = parse('bet9ja', 'la-liga.json', 2);
    expect(counts(laLiga)).toEqual({ 'bad-price': 1 });
    expect(market(laLiga.batch.events[0]?.markets ?? [], 5)?.prices).toEqual([{ selection: 10, value: 2.49 }]);
  });
});
