/**
 * 1xBet's adapter on the real answer of test/fixtures/books/onexbet/real (expected values are read
 * from the fixture JSON here, not by the adapter), its edge cases (blocked prices, pseudo-games,
 * lines off 0.5–4.5, extra lines) and error answers, its request, and its menu parser on the real menu.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateBatch } from '../../../src/server/modules/odds/feed/feed-validation';
import { readOneXBetMenu } from '../../../src/server/modules/odds/sources/onexbet/onexbet.menu';
import {
  type FeedEvent,
  type ParseResult,
  type ProblemCode,
  clubDirectory,
  onexbet,
} from '../../../src/server/modules/odds/sources';
import { FETCHED_AT, FIXTURES, LEAGUE_FILES, answer, manifest } from './book-fixtures';

const REAL = join(FIXTURES, 'onexbet/real');
const LIST = 'redmond01-email_sender__1xbet2.json';
const MENU = 'redmond01-email_sender__1xbet.json';
const realBody = (file: string) => readFileSync(join(REAL, file), 'utf8');

function parse(body: string, competition = 1, status = 200): ParseResult {
  return onexbet.parse({ status, body }, { competition, fetchedAt: FETCHED_AT });
}

function counts(result: ParseResult): Partial<Record<ProblemCode, number>> {
  return Object.fromEntries(result.problems.map((p) => [p.code, p.count]));
}

interface Item {
  G: number;
  T: number;
  C?: number;
  P?: number;
  B?: boolean;
}
interface Game {
  I: number;
  O1: string;
  O2: string;
  S: number;
  DI?: string;
  E?: Item[];
  AE?: Array<{ ME?: Item[] }>;
}

// The test's own reading of 1xBet's (G, T) pairs (docs/sources.md, 1xBet), independent of the adapter's tables.
const FIXED: Record<string, [number, number]> = {
  '1/1': [1, 1],
  '1/2': [1, 2],
  '1/3': [1, 3],
  '8/4': [8, 16],
  '8/5': [8, 17],
  '8/6': [8, 18],
  '19/180': [7, 14],
  '19/181': [7, 15],
};
const LINES = [0.5, 1.5, 2.5, 3.5, 4.5];

/** Our market and selection of an item, or undefined when it is none of ours. */
function target(item: Item): [number, number] | undefined {
  const fixed = FIXED[`${item.G}/${item.T}`];
  if (fixed) return fixed;
  if (item.G !== 17 || (item.T !== 9 && item.T !== 10)) return undefined;
  const i = LINES.indexOf(item.P ?? NaN);
  return i < 0 ? undefined : [2 + i, (item.T === 9 ? 4 : 5) + 2 * i];
}

/** The events the batch must hold for the games of an answer. */
function expectedEvents(games: Game[], competition = 1): FeedEvent[] {
  const clubs = clubDirectory();
  return games
    .filter((g) => g.DI === undefined)
    .map((game) => {
      const markets = new Map<number, Map<number, { value: number; ref: string }>>();
      for (const item of [...(game.E ?? []), ...(game.AE ?? []).flatMap((a) => a.ME ?? [])]) {
        const at = target(item);
        if (!at) continue;
        if (!markets.has(at[0])) markets.set(at[0], new Map());
        if (item.B === true || item.C === undefined || item.C <= 1) continue;
        markets.get(at[0])!.set(at[1], { value: item.C, ref: `${game.I}|${item.G}|${item.T}|${item.P ?? ''}` });
      }
      return {
        externalId: String(game.I),
        competition,
        home: clubs.canonical(game.O1, competition) ?? game.O1,
        away: clubs.canonical(game.O2, competition) ?? game.O2,
        kickoff: new Date(game.S * 1000).toISOString(),
        markets: [...markets.entries()]
          .sort(([a], [b]) => a - b)
          .map(([market, prices]) => ({
            market,
            prices: [...prices.entries()]
              .sort(([a], [b]) => a - b)
              .map(([selection, p]) => ({ selection, value: p.value, ref: p.ref })),
          })),
      } as FeedEvent;
    });
}

describe('1xBet on its real answer', () => {
  const games = (JSON.parse(realBody(LIST)) as { Value: Game[] }).Value;
  const result = parse(realBody(LIST));

  it('yields exactly the matches, markets, prices and refs the answer holds', () => {
    expect(result.ok).toBe(true);
    expect(() => validateBatch(result.batch)).not.toThrow();
    expect(result.batch.events).toEqual(expectedEvents(games));
    expect(result.batch.events).toHaveLength(games.filter((g) => g.DI === undefined).length);
    expect(result.names).toEqual(
      games.filter((g) => g.DI === undefined).map((g) => ({ externalId: String(g.I), home: g.O1, away: g.O2 })),
    );
  });

  it('reads every over/under price of E and AE at lines 0.5–4.5, not only the main line', () => {
    const read = result.batch.events.flatMap((e) =>
      e.markets.filter((m) => m.market >= 2 && m.market <= 6).flatMap((m) => m.prices),
    );
    const inAnswer = new Set<string>();
    const inMainList = new Set<string>();
    for (const game of games.filter((g) => g.DI === undefined)) {
      for (const item of [...(game.E ?? []), ...(game.AE ?? []).flatMap((a) => a.ME ?? [])]) {
        if (item.G === 17 && LINES.includes(item.P ?? NaN) && item.B !== true)
          inAnswer.add(`${game.I}|${item.T}|${item.P}`);
      }
      for (const item of game.E ?? []) {
        if (item.G === 17 && LINES.includes(item.P ?? NaN) && item.B !== true)
          inMainList.add(`${game.I}|${item.T}|${item.P}`);
      }
    }
    expect(read).toHaveLength(inAnswer.size);
    // 220 of the 232 over/under prices the answer lists at our lines (one per game, line and side);
    // the other 12 are blocked or belong to the two pseudo-games
    expect(read).toHaveLength(220);
    expect(read.length).toBeGreaterThan(inMainList.size * 2);
    expect(new Set(read.map((p) => p.ref)).size).toBe(read.length);
  });

  it('reads both teams to score from G19 T180/181', () => {
    const btts = games.filter(
      (g) => g.DI === undefined && (g.E ?? []).some((i) => i.G === 19 && i.T === 180 && i.B !== true),
    );
    const read = result.batch.events.filter((e) => e.markets.some((m) => m.market === 7 && m.prices.length > 0));
    expect(read.map((e) => e.externalId)).toEqual(btts.map((g) => String(g.I)));
  });

  it('skips the pseudo-games that carry DI and counts them; blocked prices are not prices', () => {
    const pseudo = games.filter((g) => g.DI !== undefined);
    expect(pseudo.map((g) => g.O1)).toEqual(['1st teams', 'Home']);
    expect(result.batch.events.map((e) => e.externalId)).not.toEqual(
      expect.arrayContaining(pseudo.map((g) => String(g.I))),
    );
    const skipped = result.problems.find((p) => p.code === 'pseudo-event');
    expect(skipped?.count).toBe(pseudo.length);
    expect(skipped?.examples[0]).toContain('pseudo-game');
    const blocked = new Set<string>();
    for (const game of games.filter((g) => g.DI === undefined)) {
      for (const item of [...(game.E ?? []), ...(game.AE ?? []).flatMap((a) => a.ME ?? [])]) {
        if (item.B === true && target(item)) blocked.add(`${game.I}|${item.G}|${item.T}|${item.P ?? ''}`);
      }
    }
    const refs = new Set(result.batch.events.flatMap((e) => e.markets.flatMap((m) => m.prices.map((p) => p.ref))));
    expect(blocked.size).toBeGreaterThan(0);
    for (const ref of blocked) expect(refs.has(ref)).toBe(false);
  });

  it('reads the real menu as a failed read, not an empty league', () => {
    const menu = parse(realBody(MENU));
    expect(menu.ok).toBe(false);
    expect(menu.problems.map((p) => p.code)).toEqual(['unexpected-shape']);
  });
});

describe('1xBet edge cases', () => {
  const game = (extra: Partial<Game>): Game => ({ I: 9, O1: 'Arsenal', O2: 'Chelsea', S: 1_796_000_000, ...extra });
  const body = (...games: Game[]) => JSON.stringify({ Success: true, Value: games });

  it('lists a blocked market empty (withdrawing its prices) and counts it', () => {
    const result = parse(
      body(
        game({
          E: [
            { G: 1, T: 1, C: 2.1, B: true },
            { G: 19, T: 180, C: 1.7 },
          ],
        }),
      ),
    );
    expect(result.batch.events[0]?.markets).toEqual([
      { market: 1, prices: [] },
      { market: 7, prices: [{ selection: 14, value: 1.7, ref: '9|19|180|' }] },
    ]);
    expect(counts(result)).toEqual({ suspended: 1 });
  });

  it('ignores totals at whole, quarter and out-of-range lines and reads the extra lines of AE', () => {
    const result = parse(
      body(
        game({
          E: [
            { G: 17, T: 9, C: 1.9, P: 2.5 },
            { G: 17, T: 10, C: 1.9, P: 2.5 },
          ],
          AE: [
            {
              ME: [
                { G: 17, T: 9, C: 1.4, P: 2 },
                { G: 17, T: 10, C: 2.6, P: 2.25 },
                { G: 17, T: 9, C: 9, P: 5.5 },
                { G: 17, T: 10, C: 1.01, P: 0 },
                { G: 17, T: 9, C: 1.05, P: 0.5 },
                { G: 17, T: 9, C: 4.2, P: 4.5 },
                { G: 17, T: 9, C: 1.3 },
              ],
            },
          ],
        }),
      ),
    );
    expect(result.batch.events[0]?.markets).toEqual([
      { market: 2, prices: [{ selection: 4, value: 1.05, ref: '9|17|9|0.5' }] },
      {
        market: 4,
        prices: [
          { selection: 8, value: 1.9, ref: '9|17|9|2.5' },
          { selection: 9, value: 1.9, ref: '9|17|10|2.5' },
        ],
      },
      { market: 6, prices: [{ selection: 12, value: 4.2, ref: '9|17|9|4.5' }] },
    ]);
    expect(counts(result)).toEqual({ 'line-ignored': 5 });
  });

  it('keys on (G, T): a known T in another group is not a price of ours', () => {
    const result = parse(
      body(
        game({
          E: [
            { G: 2, T: 9, C: 1.5, P: 2.5 },
            { G: 8, T: 1, C: 1.5 },
          ],
        }),
      ),
    );
    expect(result.batch.events[0]?.markets).toEqual([]);
    expect(counts(result)).toEqual({ 'unknown-market': 2 });
  });

  it('skips a game with DI whatever its names', () => {
    const result = parse(body(game({ DI: '3 Matches', O1: 'Home', O2: 'Away' }), game({ I: 10 })));
    expect(result.batch.events.map((e) => e.externalId)).toEqual(['10']);
    expect(counts(result)).toEqual({ 'pseudo-event': 1 });
  });
});

describe('1xBet hand-made answers and error answers', () => {
  it.each(LEAGUE_FILES)('reads competition %i (%s) into a batch the feed validation accepts', (competition, file) => {
    const result = onexbet.parse(answer('onexbet', file), { competition, fetchedAt: FETCHED_AT });
    expect(result.ok).toBe(true);
    expect(() => validateBatch(result.batch)).not.toThrow();
    expect(result.batch.events).toHaveLength(3);
    for (const event of result.batch.events) expect(event.markets.map((m) => m.market)).toEqual([1, 2, 3, 4, 5, 6, 8]);
  });

  it.each(manifest('onexbet').scenarios)('answers $file (HTTP $status) with problems, not a throw', (scenario) => {
    const result = onexbet.parse(answer('onexbet', scenario.file, scenario.status, scenario['content-type']), {
      competition: 1,
      fetchedAt: FETCHED_AT,
    });
    expect(() => validateBatch(result.batch)).not.toThrow();
    expect(result.batch.events).toEqual([]);
    const expected: Record<string, [boolean, ProblemCode[]]> = {
      'empty-league.json': [true, []],
      'error-403.html': [false, ['blocked']],
      'error-500.html': [false, ['http-error']],
      'invalid-json.txt': [false, ['invalid-json']],
      'error-answer.json': [false, ['error-answer']],
    };
    expect([result.ok, result.problems.map((p) => p.code)]).toEqual(expected[scenario.file]);
  });

  it('reads a rate limit (406) as an error of the book, not an empty league', () => {
    expect(parse('', 1, 406)).toMatchObject({ ok: false, problems: [{ code: 'http-error', examples: ['HTTP 406'] }] });
  });
});

describe('1xBet request', () => {
  it('asks for all four championships at the current path with the site’s Referer and a JSON Accept', () => {
    const requests = onexbet.requests({ baseUrl: 'http://127.0.0.1:9', headers: { 'User-Agent': 'UA' } });
    expect(requests.map((r) => r.url)).toEqual(
      ['88637', '127733', '110163', '96463'].map(
        (c) =>
          `http://127.0.0.1:9/service-api/LineFeed/Get1x2_VZip?sports=1&champs=${c}&count=50&lng=en&mode=4&country=132&partner=159&getEmpty=true`,
      ),
    );
    for (const request of requests) {
      expect(request.headers).toEqual({
        Accept: 'application/json',
        Referer: 'https://1xbet.ng/en/line/football',
        'User-Agent': 'UA',
      });
    }
  });
});

describe('1xBet menu', () => {
  it('finds our four championships in the real menu, as the menu names them', () => {
    const menu = JSON.parse(realBody(MENU)) as {
      Value: Array<{ I: number; L?: Array<{ LI: number; L: string; SC?: Array<{ LI: number; L: string }> }> }>;
    };
    const champs = menu.Value.filter((s) => s.I === 1).flatMap((s) => (s.L ?? []).flatMap((l) => [l, ...(l.SC ?? [])]));
    const id = (name: string) => champs.filter((c) => c.L === name).map((c) => ({ id: String(c.LI), name }));
    expect(readOneXBetMenu(realBody(MENU))).toEqual({
      ok: true,
      leagues: {
        1: id('England. Premier League'),
        2: id('Spain. La Liga'),
        3: id('Italy. Serie A'),
        4: id('Germany. Bundesliga'),
      },
    });
    expect(id('England. Premier League')).toEqual([{ id: '88637', name: 'England. Premier League' }]);
  });

  it('says when an answer is not the menu', () => {
    expect(readOneXBetMenu('nope')).toEqual({ ok: false, problem: 'the answer is not JSON' });
    expect(readOneXBetMenu('{"Success":false,"Value":[]}')).toMatchObject({ ok: false });
    expect(readOneXBetMenu(realBody(LIST))).toEqual({ ok: false, problem: 'no football championships in the menu' });
  });
});
