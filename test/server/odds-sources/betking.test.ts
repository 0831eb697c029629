/**
 * BetKing's adapter on the real answers of test/fixtures/books/betking/real (expected values are
 * read from the fixture JSON here, not by the adapter), its hand-made edge cases and error
 * answers, its request, and its menu parser on the real menus.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateBatch } from '../../../src/server/modules/odds/feed/feed-validation';
import { readBetKingMenu } from '../../../src/server/modules/odds/sources/betking/betking.menu';
import {
  type FeedEvent,
  type ParseResult,
  type ProblemCode,
  betking,
  clubDirectory,
} from '../../../src/server/modules/odds/sources';
import { FETCHED_AT, FIXTURES, LEAGUE_FILES, answer, manifest } from './book-fixtures';

// The parts of BetKing's answers this test reads.
interface KingOdd {
  MatchOddsID?: number;
  OddAttribute: { OddTypeID: number; SpecialValue?: number | string };
  Outcome: { OddOutcome: number };
}
interface KingItem {
  ItemID: number;
  ItemName: string;
  ItemDate: string;
  ExtProvIDItem?: string;
  OddsCollection: Array<{ OddsType: { OddsTypeID: number }; SpecialBetValue?: number; MatchOdds: KingOdd[] }>;
}
interface KingList {
  AreaMatches: Array<{ Items: KingItem[] }>;
}
interface KingMatch {
  matchDetails: {
    id: number;
    name: string;
    date: string;
    extProvIDItem: string;
    markets: Array<{
      typeId: number;
      specialBetValue: number;
      selections: Array<{ id: number; typeId: number; specialValue: string; odd: { value: number } }>;
    }>;
  };
}
interface KingMenu {
  Sports: Array<{
    SportID: number;
    Category: Array<{ ItemID: number; ItemName: string; Tournaments: Array<{ ItemID: number; ItemName: string }> }>;
  }>;
}

const REAL = join(FIXTURES, 'betking/real');
const readReal = <T>(file: string): T => JSON.parse(readFileSync(join(REAL, file), 'utf8')) as T;

function parse(body: string, competition = 1, status = 200): ParseResult {
  return betking.parse({ status, body }, { competition, fetchedAt: FETCHED_AT });
}

function counts(result: ParseResult): Partial<Record<ProblemCode, number>> {
  return Object.fromEntries(result.problems.map((p) => [p.code, p.count]));
}

// The test's own reading of BetKing's ids (docs/sources.md, BetKing), independent of the adapter's tables.
const FIXED: Record<number, { market: number; selections: Record<number, number> }> = {
  110: { market: 1, selections: { 4: 1, 2: 2, 5: 3 } },
  146: { market: 8, selections: { 9: 16, 10: 17, 11: 18 } },
  302: { market: 7, selections: { 74: 14, 76: 15 } },
};
const LINES = [0.5, 1.5, 2.5, 3.5, 4.5];

interface Expected {
  externalId: string;
  sportradarId?: string;
  raw: [string, string];
  kickoff: string;
  markets: Map<number, Map<number, { value: number; ref: string }>>;
}

/** Every price of one list item of the real shape, by our market and selection. */
function expectedItem(item: KingItem): Expected {
  const markets = new Map<number, Map<number, { value: number; ref: string }>>();
  const put = (market: number, selection: number, value: number, ref: string) => {
    if (!markets.has(market)) markets.set(market, new Map());
    markets.get(market)!.set(selection, { value, ref });
  };
  for (const group of item.OddsCollection) {
    const type = group.OddsType.OddsTypeID;
    for (const odd of group.MatchOdds) {
      const selectionType = odd.OddAttribute.OddTypeID;
      const value = odd.Outcome.OddOutcome;
      const ref = String(odd.MatchOddsID);
      const fixed = FIXED[type];
      const selection = fixed?.selections[selectionType];
      if (fixed && selection !== undefined) {
        put(fixed.market, selection, value, ref);
      } else if (type === 160 && (selectionType === 12 || selectionType === 13)) {
        const line = Number(odd.OddAttribute.SpecialValue) || Number(group.SpecialBetValue);
        const i = LINES.indexOf(line);
        if (i >= 0) put(2 + i, (selectionType === 12 ? 4 : 5) + 2 * i, value, ref);
      }
    }
  }
  const [home, away] = String(item.ItemName).split(' - ') as [string, string];
  return {
    externalId: String(item.ItemID),
    sportradarId: item.ExtProvIDItem,
    raw: [home, away],
    kickoff: new Date(item.ItemDate).toISOString(),
    markets,
  };
}

/** The event the batch must hold for an expected item (club names through the alias table). */
function asEvent(expected: Expected, competition = 1): FeedEvent {
  const clubs = clubDirectory();
  return {
    externalId: expected.externalId,
    competition,
    ...(expected.sportradarId ? { sportradarId: expected.sportradarId } : {}),
    home: clubs.canonical(expected.raw[0], competition) ?? expected.raw[0],
    away: clubs.canonical(expected.raw[1], competition) ?? expected.raw[1],
    kickoff: expected.kickoff,
    markets: [...expected.markets.entries()]
      .sort(([a], [b]) => a - b)
      .map(([market, prices]) => ({
        market,
        prices: [...prices.entries()]
          .sort(([a], [b]) => a - b)
          .map(([selection, p]) => ({ selection, value: p.value, ref: p.ref })),
      })),
  } as FeedEvent;
}

describe('BetKing on real answers', () => {
  it('reads the list item of the real shape (reconstructed) with every market, line, price, ref and the Sportradar id', () => {
    const file = 'skait0-soccerwizard-api__test_betking.RECONSTRUCTED.json';
    const items = readReal<KingList>(file).AreaMatches.flatMap((a) => a.Items);
    const result = parse(readFileSync(join(REAL, file), 'utf8'));
    expect(result.ok).toBe(true);
    expect(() => validateBatch(result.batch)).not.toThrow();
    expect(result.batch.events).toEqual(items.map((item) => asEvent(expectedItem(item))));
    expect(result.names).toEqual(
      items.map((item) => {
        const e = expectedItem(item);
        return { externalId: e.externalId, home: e.raw[0], away: e.raw[1] };
      }),
    );
    // 1X2, over/under 1.5 and 2.5, both teams to score: nine prices, the Sportradar id in digits
    expect(result.batch.events[0]?.markets.flatMap((m) => m.prices)).toHaveLength(9);
    expect(result.batch.events[0]?.sportradarId).toBe('72221262');
    expect(result.problems).toEqual([]);
  });

  it('reads the real per-match answer re-wrapped as a list item with exactly the prices of the capture', () => {
    // Expected values come from the captured Match call itself (lower-case fields), not from the derived list item.
    const detail = readReal<KingMatch>('sportsapicdn_prematch_Match_1003633555.json').matchDetails;
    const asItem: KingItem = {
      ItemID: detail.id,
      ItemName: detail.name,
      ItemDate: detail.date,
      ExtProvIDItem: detail.extProvIDItem,
      OddsCollection: detail.markets.map((m) => ({
        OddsType: { OddsTypeID: m.typeId },
        SpecialBetValue: m.specialBetValue,
        MatchOdds: m.selections.map((s) => ({
          MatchOddsID: s.id,
          OddAttribute: { OddTypeID: s.typeId, SpecialValue: s.specialValue },
          Outcome: { OddOutcome: s.odd.value },
        })),
      })),
    };
    const result = parse(readFileSync(join(REAL, 'derived__areamatches-of-match-1003633555.json'), 'utf8'));
    expect(result.ok).toBe(true);
    expect(() => validateBatch(result.batch)).not.toThrow();
    expect(result.batch.events).toEqual([asEvent(expectedItem(asItem))]);
    expect(result.batch.events[0]).toMatchObject({
      sportradarId: '61300947',
      kickoff: '2026-01-17T12:30:00.000Z',
    });
    // 1X2, double chance, both teams to score, over/under 1.5; the 62 other markets are counted, not read
    expect(result.batch.events[0]?.markets.map((m) => m.market)).toEqual([1, 3, 7, 8]);
    const others = new Set(detail.markets.map((m) => m.typeId).filter((t) => ![110, 146, 160, 302].includes(t)));
    expect(counts(result)).toEqual({ 'unknown-market': others.size });
  });

  it("uses the coupon's selection id as ref: the Match call's selection id is the list's MatchOddsID", () => {
    const detail = readReal<KingMatch>('sportsapicdn_prematch_Match_1003633555.json').matchDetails;
    const oneX2 = detail.markets.find((m) => m.typeId === 110);
    const event = parse(readFileSync(join(REAL, 'derived__areamatches-of-match-1003633555.json'), 'utf8')).batch
      .events[0];
    expect(event?.markets[0]?.prices.map((p) => p.ref)).toEqual(oneX2?.selections.map((s) => String(s.id)));
    // A coupon line books by selectionId (with marketId = the market's collection id, matchId = ItemID).
    const coupon = readReal<{ betCoupon: { odds: Array<Record<string, unknown>> } }>('placebet_betCoupon_example.json')
      .betCoupon.odds[0];
    expect(Object.keys(coupon ?? {})).toEqual(
      expect.arrayContaining(['selectionId', 'marketId', 'matchId', 'oddValue']),
    );
  });

  it('reads a real menu as a failed read, not an empty league', () => {
    const result = parse(readFileSync(join(REAL, 'redmond01-email_sender__betking.json'), 'utf8'));
    expect(result.ok).toBe(false);
    expect(result.problems.map((p) => p.code)).toEqual(['unexpected-shape']);
  });
});

describe('BetKing hand-made answers (edge cases, and the leagues no real answer covers)', () => {
  it.each(LEAGUE_FILES)('reads competition %i (%s) into a batch the feed validation accepts', (competition, file) => {
    const result = betking.parse(answer('betking', file), { competition, fetchedAt: FETCHED_AT });
    expect(result.ok).toBe(true);
    expect(() => validateBatch(result.batch)).not.toThrow();
    expect(result.batch.events).toHaveLength(3);
    for (const event of result.batch.events) {
      expect(event.competition).toBe(competition);
      expect(event.markets.map((m) => m.market)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      for (const price of event.markets.flatMap((m) => m.prices)) expect(price.ref).toMatch(/^\d+$/);
    }
  });

  it('skips suspended and placeholder prices, counts unknown markets, lines off 0.5–4.5 and broken items', () => {
    const result = betking.parse(answer('betking', 'premier-league.json'), { competition: 1, fetchedAt: FETCHED_AT });
    expect(counts(result)).toEqual({
      'line-ignored': 2,
      'unknown-market': 1,
      'malformed-item': 1,
      'placeholder-price': 1,
      suspended: 1,
      'missing-team': 1,
    });
    const second = result.batch.events[1];
    expect(second?.markets.find((m) => m.market === 1)?.prices.map((p) => [p.selection, p.value])).toEqual([
      [1, 13.37],
      [3, 1.19],
    ]);
    expect(second?.markets.find((m) => m.market === 8)?.prices.map((p) => [p.selection, p.value])).toEqual([
      [16, 4.82],
      [18, 1.03],
    ]);
  });

  it('flags a price of an "Enhanced" market as boosted, keeps the regular one beside it and books the boosted selection', () => {
    const result = betking.parse(answer('betking', 'premier-league.json'), { competition: 1, fetchedAt: FETCHED_AT });
    const home = result.batch.events[0]?.markets[0]?.prices[0];
    expect(home).toEqual({ selection: 1, value: 2.17, boosted: true, regularValue: 1.92, ref: '4187010001' });
    expect(result.boosts).toEqual([
      { externalId: '41870100', market: 1, selection: 1, value: 2.17, regularValue: 1.92 },
    ]);
  });

  const item = (odds: unknown[], extra: Record<string, unknown> = {}) =>
    JSON.stringify({
      AreaMatches: [
        {
          Items: [
            {
              ItemID: 7,
              ItemName: 'Arsenal - Chelsea',
              ItemDate: '2026-12-05T17:30:00+02:00',
              OddsCollection: odds,
              ...extra,
            },
          ],
        },
      ],
    });
  const odd = (id: number, typeId: number, price: unknown, specialValue: unknown = 0) => ({
    MatchOddsID: id,
    OddAttribute: { OddTypeID: typeId, OddName: '', SpecialValue: specialValue },
    Outcome: { OutcomeID: id * 10, OddOutcome: price },
  });

  it("reads a total's line from the market's SpecialBetValue when the selection has none, and ignores lines off 0.5–4.5", () => {
    const result = parse(
      item([
        { OddsType: { OddsTypeID: 160 }, SpecialBetValue: 3.5, MatchOdds: [odd(1, 12, 2.9), odd(2, 13, '1.40')] },
        { OddsType: { OddsTypeID: 160 }, SpecialBetValue: 5.5, MatchOdds: [odd(3, 12, 7), odd(4, 13, 1.05, 5.5)] },
        { OddsType: { OddsTypeID: 160 }, SpecialBetValue: 0, MatchOdds: [odd(5, 12, 1.5)] },
      ]),
    );
    expect(result.batch.events[0]?.markets).toEqual([
      {
        market: 5,
        prices: [
          { selection: 10, value: 2.9, ref: '1' },
          { selection: 11, value: 1.4, ref: '2' },
        ],
      },
    ]);
    expect(counts(result)).toEqual({ 'line-ignored': 3 });
  });

  it('turns a kick-off with its own offset into UTC and leaves out a Sportradar id that is not digits', () => {
    const result = parse(item([], { ExtProvIDItem: 'betradar-1' }));
    expect(result.batch.events[0]).toMatchObject({ kickoff: '2026-12-05T15:30:00.000Z', markets: [] });
    expect(result.batch.events[0]).not.toHaveProperty('sportradarId');
  });

  it('counts a selection it does not know inside a known market (draw no bet ids, 1st half) once, never as a price', () => {
    const result = parse(
      item([
        { OddsType: { OddsTypeID: 110 }, MatchOdds: [odd(1, 4, 2.1), odd(2, 99, 3), odd(3, 98, 3)] },
        { OddsType: { OddsTypeID: 147 }, MatchOdds: [odd(4, 4, 1.5)] },
        { OddsType: { OddsTypeID: 142 }, MatchOdds: [odd(5, 4, 2.5)] },
      ]),
    );
    expect(result.batch.events[0]?.markets).toEqual([{ market: 1, prices: [{ selection: 1, value: 2.1, ref: '1' }] }]);
    expect(counts(result)).toEqual({ 'unknown-market': 4 });
  });

  it('gives no ref to a price whose selection id is missing', () => {
    const result = parse(
      item([
        {
          OddsType: { OddsTypeID: 302 },
          MatchOdds: [{ OddAttribute: { OddTypeID: 74 }, Outcome: { OddOutcome: 1.8 } }],
        },
      ]),
    );
    expect(result.batch.events[0]?.markets).toEqual([{ market: 7, prices: [{ selection: 14, value: 1.8 }] }]);
  });
});

describe('BetKing error answers', () => {
  it.each(manifest('betking').scenarios)('answers $file (HTTP $status) with problems, not a throw', (scenario) => {
    const result = betking.parse(answer('betking', scenario.file, scenario.status, scenario['content-type']), {
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
    };
    expect([result.ok, result.problems.map((p) => p.code)]).toEqual(expected[scenario.file]);
  });

  it('reads an HTML challenge with status 200 as blocked, never as an empty league', () => {
    const result = parse('<!DOCTYPE html><html><body>Checking your browser</body></html>');
    expect(result).toMatchObject({ ok: false, problems: [{ code: 'blocked' }] });
  });
});

describe('BetKing request', () => {
  it('asks for all four tournaments with the site’s Referer, Origin and a JSON Accept', () => {
    const requests = betking.requests({ baseUrl: 'http://127.0.0.1:9/', headers: { 'User-Agent': 'UA' } });
    expect(requests.map((r) => r.url)).toEqual(
      ['20000841', '20001108', '20003775', '20001007'].map(
        (t) => `http://127.0.0.1:9/api/feeds/prematch/en/4/${t}/0/0`,
      ),
    );
    for (const request of requests) {
      expect(request.headers).toEqual({
        Accept: 'application/json',
        Referer: 'https://www.betking.com/',
        Origin: 'https://www.betking.com',
        'User-Agent': 'UA',
      });
    }
    expect(betking.request(3, { leagueIds: { 3: null } })).toBeUndefined();
  });
});

describe('BetKing menu', () => {
  it.each(['redmond01-email_sender__betking.json', 'redmond01-email_sender__betking2.json'])(
    'finds in the real menu %s only football tournaments of our four competitions (none that day)',
    (file) => {
      const body = readFileSync(join(REAL, file), 'utf8');
      // What the menu holds, read here: football's England category lists the Premier League Cup, not the league;
      // FootballGO and Futsal list look-alike names that must not be taken.
      const football = (JSON.parse(body) as KingMenu).Sports.find((s) => s.SportID === 1);
      const england = football?.Category.find((c) => c.ItemName === 'England');
      expect(england?.Tournaments.map((t) => t.ItemName.trim())).toContain('Premier League Cup');
      expect(england?.Tournaments.map((t) => t.ItemName.trim())).not.toContain('Premier League');
      expect(readBetKingMenu(body)).toEqual({ ok: true, leagues: { 1: [], 2: [], 3: [], 4: [] } });
    },
  );

  it('finds the tournaments of a menu that lists them, by category and name, whatever the case and spaces', () => {
    const body = readFileSync(join(REAL, 'redmond01-email_sender__betking.json'), 'utf8');
    const menu = JSON.parse(body) as KingMenu;
    menu.Sports.find((s) => s.SportID === 1)?.Category.push(
      { ItemID: 1, ItemName: 'England', Tournaments: [{ ItemID: 20000841, ItemName: 'Premier League ' }] },
      { ItemID: 2, ItemName: 'Spain', Tournaments: [{ ItemID: 20001108, ItemName: 'LaLiga' }] },
      { ItemID: 3, ItemName: 'Italy', Tournaments: [{ ItemID: 20003775, ItemName: 'Serie A' }] },
      {
        ItemID: 4,
        ItemName: 'Germany',
        Tournaments: [
          { ItemID: 20001007, ItemName: 'Bundesliga' },
          { ItemID: 5, ItemName: '2. Bundesliga' },
        ],
      },
    );
    expect(readBetKingMenu(JSON.stringify(menu))).toEqual({
      ok: true,
      leagues: {
        1: [{ id: '20000841', name: 'England / Premier League' }],
        2: [{ id: '20001108', name: 'Spain / LaLiga' }],
        3: [{ id: '20003775', name: 'Italy / Serie A' }],
        4: [{ id: '20001007', name: 'Germany / Bundesliga' }],
      },
    });
  });

  it('says when an answer is not the menu', () => {
    expect(readBetKingMenu('<html>')).toEqual({ ok: false, problem: 'the answer is not JSON' });
    expect(readBetKingMenu('{"AreaMatches":[]}')).toMatchObject({ ok: false });
    expect(readBetKingMenu('{"Sports":[{"SportID":8,"Category":[]}]}')).toEqual({
      ok: false,
      problem: 'no football in the menu',
    });
  });
});
