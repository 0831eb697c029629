/**
 * The five books' real answers (test/fixtures/books/<book>/real/, each listed in its
 * manifest.json, which the fixture server serves): every list answer reads into a valid batch
 * whose prices all carry a booking ref, and every menu or other call sits at the path the code
 * asks. For Bet9ja, NairaBet and SportyBet every match, market and price the answer holds is
 * checked here, the expected values read from the fixture JSON with the documented keys
 * (docs/sources.md), not by the adapters; BetKing's and 1xBet's exact values are checked in
 * betking.test.ts and onexbet.test.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateBatch } from '../../../src/server/modules/odds/feed/feed-validation';
import { type BookAdapter, type BookId, type FeedEvent, bookAdapter } from '../../../src/server/modules/odds/sources';
import { BETKING_MENU_PATH } from '../../../src/server/modules/odds/sources/betking/betking.menu';
import { ONEXBET_MENU_PATH } from '../../../src/server/modules/odds/sources/onexbet/onexbet.menu';
import { FIXTURES } from './book-fixtures';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

interface RealEntry {
  call: 'list' | 'event' | 'path';
  competition?: number;
  eventId?: string;
  path?: string;
  file: string;
  served?: boolean;
}

const BOOKS: BookId[] = ['bet9ja', 'betking', 'nairabet', 'sportybet', 'onexbet'];

const adapter = (id: BookId) => bookAdapter(id) as BookAdapter;
const realDir = (book: BookId) => join(FIXTURES, book, 'real');
const readText = (book: BookId, file: string) => readFileSync(join(realDir(book), file), 'utf8');
const readJson = (book: BookId, file: string) => JSON.parse(readText(book, file)) as Json;
const FETCHED_AT = '2026-01-01T00:00:00.000Z';

/** The real answers of a book (files of real/ itself, not the hand-made ones a manifest borrows). */
function realEntries(book: BookId): RealEntry[] {
  const manifest = readJson(book, 'manifest.json') as { answers: RealEntry[] };
  return manifest.answers.filter((a) => !a.file.startsWith('../'));
}

/** One expected price: event, our market and selection, the price, whether boosted, and its booking ref. */
type Row = [string, number, number, number, boolean, string];

const LINES = [0.5, 1.5, 2.5, 3.5, 4.5];
/** Our over/under market and selections of a line (0.5 → market 2, over 4, under 5 … 4.5 → 6, 12, 13). */
function overUnder(line: number): { market: number; over: number; under: number } | undefined {
  const i = LINES.indexOf(line);
  return i < 0 ? undefined : { market: 2 + i, over: 4 + 2 * i, under: 5 + 2 * i };
}
const price = (raw: unknown) => (typeof raw === 'number' ? raw : Number(String(raw)));

function rowsOf(events: FeedEvent[]): Row[] {
  return events
    .flatMap((e) =>
      e.markets.flatMap((m) =>
        m.prices.map((p): Row => [e.externalId, m.market, p.selection, p.value, p.boosted === true, p.ref ?? '']),
      ),
    )
    .sort();
}

// ---------------------------------------------------------------------------------------------
// What each book's answer holds, read with the documented keys

const BET9JA_FIXED: Record<string, [number, number]> = {
  S_1X2_1: [1, 1],
  S_1X2_X: [1, 2],
  S_1X2_2: [1, 3],
  S_GGNG_Y: [7, 14],
  S_GGNG_N: [7, 15],
  S_DC_1X: [8, 16],
  S_DC_12: [8, 17],
  S_DC_X2: [8, 18],
};

function bet9jaExpected(events: Json[]) {
  return {
    events: events.map((e) => ({
      externalId: String(e.ID),
      sportradarId: e.EXTID,
      kickoff: new Date(`${String(e.STARTDATEUTC ?? e.STARTDATE).replace(' ', 'T')}Z`).toISOString(),
      names: String(e.DS).split(' - '),
    })),
    rows: events
      .flatMap((e) =>
        Object.entries(e.O as Record<string, string>).flatMap(([key, raw]): Row[] => {
          const row = (market: number, selection: number): Row[] =>
            price(raw) > 1 ? [[String(e.ID), market, selection, price(raw), false, `${e.ID}$${key}`]] : [];
          const fixed = BET9JA_FIXED[key];
          if (fixed) return row(...fixed);
          const ou = /^S_OU@([\d.]+)_([OU])$/.exec(key);
          const target = ou ? overUnder(Number(ou[1])) : undefined;
          if (!ou || !target) return [];
          return row(target.market, ou[2] === 'O' ? target.over : target.under);
        }),
      )
      .sort(),
  };
}

const SPORTY_FIXED: Record<string, Record<string, [number, number]>> = {
  '1': { '1': [1, 1], '2': [1, 2], '3': [1, 3] },
  '10': { '9': [8, 16], '10': [8, 17], '11': [8, 18] },
  '29': { '74': [7, 14], '76': [7, 15] },
};

function sportyExpected(json: Json) {
  const events = (json.data.tournaments as Json[]).flatMap((t) => t.events as Json[]);
  return {
    events: events.map((e) => ({
      externalId: e.eventId,
      // The feed contract's Sportradar id has at most 12 digits; longer ids (SportyBet's own) are left out.
      sportradarId: /^sr:match:(\d{1,12})$/.exec(e.eventId)?.[1],
      kickoff: new Date(e.estimateStartTime).toISOString(),
      names: [e.homeTeamName, e.awayTeamName],
    })),
    rows: events
      .flatMap((e) =>
        (e.markets as Json[]).flatMap((m) =>
          (m.outcomes as Json[]).flatMap((o): Row[] => {
            const open = m.status === 0 && m.banned !== true && (o.isActive === undefined || o.isActive === 1);
            if (!open || !(price(o.odds) > 1)) return [];
            let target = SPORTY_FIXED[m.id]?.[o.id];
            if (m.id === '18') {
              const ou = overUnder(Number(/^total=([\d.]+)$/.exec(m.specifier)?.[1]));
              if (ou && (o.id === '12' || o.id === '13')) target = [ou.market, o.id === '12' ? ou.over : ou.under];
            }
            if (!target) return [];
            const ref = `${e.eventId}|${m.id}|${m.specifier ?? ''}|${o.id}`;
            return [[e.eventId, target[0], target[1], price(o.odds), false, ref]];
          }),
        ),
      )
      .sort(),
  };
}

const ALTENAR_FIXED: Record<string, Record<string, [number, number]>> = {
  '1': { '1': [1, 1], '2': [1, 2], '3': [1, 3] },
  '10': { '9': [8, 16], '10': [8, 17], '11': [8, 18] },
  '29': { '74': [7, 14], '76': [7, 15] },
};

function altenarRows(eventId: string, marketIds: unknown[], json: Json): Row[] {
  const markets = new Map((json.markets as Json[]).map((m) => [m.id, m]));
  const odds = new Map((json.odds as Json[]).map((o) => [o.id, o]));
  return marketIds.flatMap((id) => {
    const m = markets.get(id) as Json;
    const boosted = /enhanced/i.test(m.name);
    return (m.oddIds as unknown[]).flatMap((oddId): Row[] => {
      const o = odds.get(oddId) as Json;
      if (o.oddStatus !== 0 || !(price(o.price) > 1)) return [];
      let target = ALTENAR_FIXED[String(m.typeId)]?.[String(o.typeId)];
      if (m.typeId === 18) {
        const ou = overUnder(Number(m.sv));
        if (ou && (o.typeId === 12 || o.typeId === 13)) target = [ou.market, o.typeId === 12 ? ou.over : ou.under];
      }
      return target ? [[eventId, target[0], target[1], price(o.price), boosted, `${eventId}|${o.id}`]] : [];
    });
  });
}

function nairabetExpected(json: Json) {
  const competitors = new Map((json.competitors as Json[]).map((c) => [c.id, c.name]));
  const events = json.events as Json[];
  return {
    events: events.map((e) => ({
      externalId: String(e.id),
      sportradarId: undefined,
      kickoff: new Date(e.startDate).toISOString(),
      names: (e.competitorIds as unknown[]).map((c) => competitors.get(c)),
    })),
    rows: events.flatMap((e) => altenarRows(String(e.id), e.marketIds as unknown[], json)).sort(),
  };
}

// ---------------------------------------------------------------------------------------------

function expectExactly(
  book: BookId,
  file: string,
  competition: number,
  expected: {
    events: Array<{ externalId: string; sportradarId?: string; kickoff: string; names: unknown[] }>;
    rows: Row[];
  },
) {
  const result = adapter(book).parse(
    { status: 200, headers: { 'content-type': 'application/json' }, body: readText(book, file) },
    { competition, fetchedAt: FETCHED_AT },
  );
  expect(result.ok).toBe(true);
  expect(() => validateBatch(result.batch)).not.toThrow();
  expect(result.batch.events.map((e) => [e.externalId, e.sportradarId, e.kickoff])).toEqual(
    expected.events.map((e) => [e.externalId, e.sportradarId, e.kickoff]),
  );
  expect(result.names.map((n) => [n.externalId, n.home, n.away])).toEqual(
    expected.events.map((e) => [e.externalId, ...e.names]),
  );
  expect(rowsOf(result.batch.events)).toEqual(expected.rows);
  expect(expected.rows.length).toBeGreaterThan(0);
  return result;
}

describe('real answers', () => {
  it('each of the five books lists its real answers in real/manifest.json, and each file exists', () => {
    for (const book of BOOKS) {
      const entries = realEntries(book);
      expect(entries.filter((e) => e.call === 'list').length).toBeGreaterThan(0);
      for (const entry of entries) expect(() => readJson(book, entry.file)).not.toThrow();
      expect(readText(book, 'README.md')).toMatch(/source/i);
    }
  });

  it("serves BetKing's and 1xBet's menus at the paths odds:leagues reads, and BetKing's Match call at its path", () => {
    const paths = (book: BookId) => realEntries(book).flatMap((e) => (e.call === 'path' && e.path ? [e.path] : []));
    expect(paths('betking')).toEqual(['/api/feeds/prematch/Match/1003633555', BETKING_MENU_PATH]);
    expect(paths('onexbet')).toEqual([ONEXBET_MENU_PATH]);
  });

  describe.each(BOOKS)('%s', (book) => {
    const lists = realEntries(book).filter((e) => e.call === 'list');
    it.each(lists)('$file reads into a valid batch, each price with its booking ref', (entry) => {
      const result = adapter(book).parse(
        { status: 200, headers: { 'content-type': 'application/json' }, body: readText(book, entry.file) },
        { competition: entry.competition ?? 1, fetchedAt: FETCHED_AT },
      );
      expect(result.ok).toBe(true);
      expect(() => validateBatch(result.batch)).not.toThrow();
      const prices = result.batch.events.flatMap((e) => e.markets.flatMap((m) => m.prices));
      expect(result.batch.events.length).toBeGreaterThan(0);
      expect(prices.length).toBeGreaterThan(0);
      expect(prices.filter((p) => p.ref === undefined)).toEqual([]);
    });
  });

  describe('bet9ja', () => {
    for (const entry of realEntries('bet9ja').filter((e) => e.call === 'list')) {
      it(`reads every match and price of ${entry.file}`, () => {
        const json = readJson('bet9ja', entry.file);
        expectExactly('bet9ja', entry.file, 1, bet9jaExpected(json.D.E as Json[]));
      });
    }

    it('reads the per-event GetEvent answer: both teams to score, totals, 1X2 and DC with refs, EXTID as Sportradar id', () => {
      const entry = realEntries('bet9ja').find((e) => e.call === 'event') as RealEntry;
      const json = readJson('bet9ja', entry.file);
      const expected = bet9jaExpected([json.D as Json]);
      const detail = adapter('bet9ja').parseEvent?.(
        { status: 200, body: readText('bet9ja', entry.file) },
        { competition: 3, fetchedAt: FETCHED_AT, externalId: String(entry.eventId) },
      );
      expect(detail?.ok).toBe(true);
      expect(detail?.sportradarId).toBe(json.D.EXTID);
      expect(rowsOf([{ externalId: String(entry.eventId), markets: detail?.markets ?? [] } as FeedEvent])).toEqual(
        expected.rows,
      );
      expect(expected.rows.filter((r) => r[1] === 7).map((r) => [r[3], r[5]])).toEqual([
        [Number(json.D.O.S_GGNG_Y), `${json.D.ID}$S_GGNG_Y`],
        [Number(json.D.O.S_GGNG_N), `${json.D.ID}$S_GGNG_N`],
      ]);
    });

    it('reads STARTDATE as UTC: the real same-match pair reads the same kick-off at Bet9ja and SportyBet', () => {
      const b9 = adapter('bet9ja').parse(
        { status: 200, body: readText('bet9ja', 'group-from-GetEvent_769895636.DERIVED.json') },
        { competition: 3, fetchedAt: FETCHED_AT },
      );
      const sporty = adapter('sportybet').parse(
        { status: 200, body: readText('sportybet', 'pcUpcomingEvents_from_event_sr_match_68995116.DERIVED.json') },
        { competition: 3, fetchedAt: FETCHED_AT },
      );
      const [a] = b9.batch.events;
      const [b] = sporty.batch.events;
      expect(a?.sportradarId).toBe('68995116');
      expect(b?.sportradarId).toBe('68995116');
      expect(a?.kickoff).toBe(b?.kickoff);
    });

    it('prefers STARTDATEUTC when the event carries it', () => {
      const body = JSON.stringify({
        R: 'OK',
        D: {
          E: [
            {
              ID: 1,
              DS: 'Leeds Utd - Burnley',
              STARTDATE: '2026-05-06 12:00:00',
              STARTDATEUTC: '2026-05-06 11:00:00',
              O: { S_1X2_1: '2.1' },
            },
          ],
        },
      });
      const result = adapter('bet9ja').parse({ status: 200, body }, { competition: 1, fetchedAt: FETCHED_AT });
      expect(result.batch.events[0]?.kickoff).toBe('2026-05-06T11:00:00.000Z');
    });
  });

  describe('sportybet', () => {
    for (const entry of realEntries('sportybet').filter((e) => e.call === 'list')) {
      it(`reads every match and price of ${entry.file}`, () => {
        expectExactly('sportybet', entry.file, 1, sportyExpected(readJson('sportybet', entry.file)));
      });
    }
  });

  describe('nairabet', () => {
    for (const entry of realEntries('nairabet').filter((e) => e.call === 'list')) {
      it(`reads every match and price of ${entry.file}; the enhanced 1X2 is boosted, with no regular price`, () => {
        const json = readJson('nairabet', entry.file);
        const expected = nairabetExpected(json);
        const result = expectExactly('nairabet', entry.file, 1, expected);
        const oneX2 = result.batch.events.flatMap((e) => e.markets.filter((m) => m.market === 1));
        expect(oneX2.length).toBe((json.events as Json[]).length);
        for (const m of oneX2) for (const p of m.prices) expect([p.boosted, p.regularValue]).toEqual([true, undefined]);
        expect(result.boosts).toHaveLength(expected.rows.filter((r) => r[4]).length);
      });
    }

    it('reads a per-event answer: totals and both teams to score, and a regular 1X2 beside the enhanced one', () => {
      const list = readJson('nairabet', 'GetEvents_champ2936.EXCERPT.json');
      const event = (list.events as Json[])[0] as Json;
      const regular = { oddIds: [91, 92, 93], typeId: 1, sportMarketId: 1, id: 90, name: '1x2' };
      const body = {
        id: event.id,
        name: event.name,
        startDate: event.startDate,
        competitors: (event.competitorIds as number[]).map((id) =>
          (list.competitors as Json[]).find((c) => c.id === id),
        ),
        markets: [
          ...(list.markets as Json[]).filter((m) => (event.marketIds as number[]).includes(m.id)),
          regular,
          { oddIds: [94, 95], typeId: 18, id: 96, name: 'Total', sv: '2.5' },
          { oddIds: [97, 98], typeId: 29, id: 99, name: 'Both teams to score' },
        ],
        odds: [
          ...(list.odds as Json[]),
          { id: 91, typeId: 1, price: 2.7, oddStatus: 0 },
          { id: 92, typeId: 2, price: 3.6, oddStatus: 0 },
          { id: 93, typeId: 3, price: 2.2, oddStatus: 0 },
          { id: 94, typeId: 12, price: 1.9, oddStatus: 0 },
          { id: 95, typeId: 13, price: 1.85, oddStatus: 0 },
          { id: 97, typeId: 74, price: 1.7, oddStatus: 0 },
          { id: 98, typeId: 76, price: 2.05, oddStatus: 1 },
        ],
      };
      const detail = adapter('nairabet').parseEvent?.(
        { status: 200, body: JSON.stringify(body) },
        { competition: 1, fetchedAt: FETCHED_AT, externalId: String(event.id) },
      );
      expect(detail?.ok).toBe(true);
      const byMarket = Object.fromEntries((detail?.markets ?? []).map((m) => [m.market, m.prices]));
      const enhanced = (list.odds as Json[]).find((o) => o.id === (list.markets as Json[])[0]?.oddIds[0]) as Json;
      expect(byMarket[1]?.[0]).toEqual({
        selection: 1,
        value: enhanced.price,
        boosted: true,
        regularValue: 2.7,
        ref: `${event.id}|${enhanced.id}`,
      });
      expect(byMarket[4]).toEqual([
        { selection: 8, value: 1.9, ref: `${event.id}|94` },
        { selection: 9, value: 1.85, ref: `${event.id}|95` },
      ]);
      // "No" is suspended (oddStatus 1): only "Yes" is a price.
      expect(byMarket[7]).toEqual([{ selection: 14, value: 1.7, ref: `${event.id}|97` }]);
    });
  });

  describe('anti-bot answers are an outage of the book, never an empty league', () => {
    const cases: Array<[string, { status: number; body: string; headers?: Record<string, string> }]> = [
      ['403', { status: 403, body: '<html><body>Access denied</body></html>' }],
      ['an HTML challenge with 200', { status: 200, body: '<!DOCTYPE html><html><title>Just a moment...</title>' }],
      ['an empty body with 200', { status: 200, body: '' }],
    ];
    for (const book of BOOKS) {
      for (const [name, answer] of cases) {
        it(`${book}: ${name}`, () => {
          const result = adapter(book).parse(answer, { competition: 1, fetchedAt: FETCHED_AT });
          expect(result.ok).toBe(false);
          expect(result.problems.map((p) => p.code)).toEqual(['blocked']);
          if (adapter(book).parseEvent) {
            const detail = adapter(book).parseEvent?.(answer, {
              competition: 1,
              fetchedAt: FETCHED_AT,
              externalId: '1',
            });
            expect(detail?.ok).toBe(false);
          }
        });
      }
    }
  });
});
