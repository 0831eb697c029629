/**
 * The collector against the fixture server serving the books' real answers: per-event calls
 * (Bet9ja GetEvent, NairaBet GetEventDetails) only for matches within 7 days, at most N per book
 * and poll interval, reused until the event's list entry changes; Bet9ja's desktop path asked
 * when the mobile one is refused (and kept to); each book's own headers on every request.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../../../src/server/core/config-schema';
import { oddsSourcesOf } from '../../../src/server/core/odds-sources-config';
import { BOOK_ADAPTERS, type FeedBatch, bookAdapter } from '../../../src/server/modules/odds/sources';
import { Collector } from '../../../src/server/modules/odds/sources/collector/collector';
import {
  BOOK_FIXTURES,
  type BookFixtureServer,
  shiftKickoffs,
  startBookFixtureServer,
} from '../../../scripts/lib/book-fixture-server';

jest.setTimeout(30_000);

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
/** The moment the server serves at: the NairaBet answer was read 2026-09-15 12:00, its matches 3–4 days ahead. */
const T0 = Date.parse('2026-09-15T12:00:00Z');

const nairabetList = () => readFileSync(join(BOOK_FIXTURES, 'nairabet/real/GetEvents_champ2936.EXCERPT.json'), 'utf8');

describe('per-event calls and per-book paths and headers', () => {
  let server: BookFixtureServer;
  let clock: number;
  let batches: FeedBatch[];

  const collector = (books: string[], options: { eventCallsPerPoll?: number } = {}) =>
    new Collector({
      books: BOOK_ADAPTERS.filter((a) => books.includes(a.id)),
      baseUrls: Object.fromEntries(books.map((b) => [b, server.url])),
      pollMs: 60_000,
      now: () => clock,
      retries: 0,
      random: () => 0.5,
      ingest: async (batch) => {
        batches.push(batch);
      },
      withdraw: async () => 0,
      ...options,
    });
  const lastBatch = (provider: number, competition: number) =>
    batches.filter((b) => b.provider === provider && b.events[0]?.competition === competition).at(-1);

  beforeEach(async () => {
    server = await startBookFixtureServer({ set: 'real', now: () => T0 });
    clock = T0;
    batches = [];
  });

  afterEach(async () => {
    await server.close();
  });

  it('NairaBet: one GetEventDetails per listed match, its totals and both teams to score merged; none again while the list is unchanged', async () => {
    const c = collector(['nairabet']);
    await c.pollAll();
    expect(server.eventHits.nairabet).toBe(3);
    const batch = lastBatch(4, 1);
    expect(batch?.events).toHaveLength(3);
    for (const event of batch?.events ?? []) {
      const detail = JSON.parse(
        readFileSync(join(BOOK_FIXTURES, `nairabet/event-details-${event.externalId}.RECONSTRUCTED.json`), 'utf8'),
      ) as { odds: Array<{ id: number; typeId: number; price: number }> };
      const odd = (typeId: number) => detail.odds.find((o) => o.typeId === typeId);
      expect(event.markets.map((m) => m.market)).toEqual([1, 4, 7, 8]);
      expect(event.markets.find((m) => m.market === 4)?.prices).toEqual([
        { selection: 8, value: odd(12)?.price, ref: `${event.externalId}|${odd(12)?.id}` },
        { selection: 9, value: odd(13)?.price, ref: `${event.externalId}|${odd(13)?.id}` },
      ]);
      expect(event.markets.find((m) => m.market === 7)?.prices.map((p) => p.value)).toEqual([
        odd(74)?.price,
        odd(76)?.price,
      ]);
    }
    clock += 2 * MIN;
    await c.pollAll();
    expect(server.hits.nairabet).toBe(8);
    expect(server.eventHits.nairabet).toBe(3);
    expect(lastBatch(4, 1)?.events.map((e) => e.markets.length)).toEqual([4, 4, 4]);
  });

  it('NairaBet: asks again only for the match whose list entry changed', async () => {
    const c = collector(['nairabet']);
    await c.pollAll();
    expect(server.eventHits.nairabet).toBe(3);
    const list = JSON.parse(nairabetList()) as { odds: Array<{ id: number; price: number }> };
    const changed = list.odds[0] as { id: number; price: number };
    changed.price = 3.05; // Brentford's enhanced price moves
    const shift = T0 - Date.parse('2026-09-15T12:00:00Z');
    server.fail('nairabet', {
      status: 200,
      body: shiftKickoffs(JSON.stringify(list), shift),
      pathIncludes: 'champIds=2936',
      times: 1,
    });
    clock += 2 * MIN;
    await c.pollAll();
    expect(server.eventHits.nairabet).toBe(4);
    const eventCalls = (server.requests.nairabet ?? []).filter((r) => r.url.includes('GetEventDetails'));
    expect(eventCalls.at(-1)?.url).toContain('eventId=17162768');
    // The fresh per-event answer's markets go with the event (its 1X2 is the book's answer of that call).
    expect(lastBatch(4, 1)?.events.map((e) => e.markets.length)).toEqual([4, 4, 4]);
  });

  it('bounds per-event calls: at most N per book and poll interval, the rest at the next interval', async () => {
    const c = collector(['nairabet'], { eventCallsPerPoll: 2 });
    await c.pollAll();
    expect(server.eventHits.nairabet).toBe(2);
    // The match left over keeps its list prices only (no totals, no both teams to score) this poll.
    expect(lastBatch(4, 1)?.events.map((e) => e.markets.length)).toEqual([4, 4, 2]);
    clock += 30_000; // same interval: no allowance left
    await c.pollAll();
    expect(server.eventHits.nairabet).toBe(2);
    clock += 60_000; // next interval: the third match, the others from the cache
    await c.pollAll();
    expect(server.eventHits.nairabet).toBe(3);
    expect(lastBatch(4, 1)?.events.map((e) => e.markets.length)).toEqual([4, 4, 4]);
  });

  it('makes no per-event call for matches more than 7 days ahead', async () => {
    clock = T0 - 5 * DAY; // the matches are now 8–9 days ahead of the collector
    const c = collector(['nairabet']);
    await c.pollAll();
    expect(server.hits.nairabet).toBe(4);
    expect(server.eventHits.nairabet).toBeUndefined();
    expect(lastBatch(4, 1)?.events.map((e) => e.markets.map((m) => m.market))).toEqual([
      [1, 8],
      [1, 8],
      [1, 8],
    ]);
  });

  it('Bet9ja: GetEvent adds both teams to score and keeps EXTID; a refused mobile path falls back to the desktop one and stays there', async () => {
    clock = Date.parse('2026-05-05T12:00:00Z');
    await server.close();
    server = await startBookFixtureServer({ set: 'real', now: () => clock });
    server.fail('bet9ja', { status: 403, file: 'error-403.html', pathIncludes: '/mobile/' });
    const c = collector(['bet9ja']);
    await c.pollAll();
    const event = lastBatch(1, 3)?.events[0];
    expect(event?.sportradarId).toBe('68995116');
    const getEvent = JSON.parse(readFileSync(join(BOOK_FIXTURES, 'bet9ja/real/GetEvent_769895636.json'), 'utf8')) as {
      D: { ID: number; O: Record<string, string> };
    };
    expect(event?.markets.find((m) => m.market === 7)?.prices).toEqual([
      { selection: 14, value: Number(getEvent.D.O.S_GGNG_Y), ref: `${getEvent.D.ID}$S_GGNG_Y` },
      { selection: 15, value: Number(getEvent.D.O.S_GGNG_N), ref: `${getEvent.D.ID}$S_GGNG_N` },
    ]);
    const urls = (server.requests.bet9ja ?? []).map((r) => r.url);
    const mobileBefore = urls.filter((u) => u.startsWith('/mobile/')).length;
    expect(mobileBefore).toBeGreaterThanOrEqual(1);
    expect(urls.filter((u) => u.startsWith('/desktop/feapi/PalimpsestAjax/GetEventsInGroupV2')).length).toBe(4);
    expect(urls.some((u) => u.startsWith('/desktop/feapi/PalimpsestAjax/GetEvent?EVENTID=769895636'))).toBe(true);
    expect(lastBatch(1, 2)?.events).toHaveLength(1);

    clock += 2 * MIN;
    server.requests.bet9ja = [];
    await c.pollAll();
    // The desktop path answered: the next poll asks it first, the refused mobile path not at all.
    expect((server.requests.bet9ja ?? []).map((r) => r.url.split('/')[1])).toEqual(expect.arrayContaining(['desktop']));
    expect((server.requests.bet9ja ?? []).some((r) => r.url.startsWith('/mobile/'))).toBe(false);
  });

  it('Bet9ja: the mobile path by default, the desktop one never asked while mobile answers', async () => {
    clock = Date.parse('2026-05-05T12:00:00Z');
    await server.close();
    server = await startBookFixtureServer({ set: 'real', now: () => clock });
    await collector(['bet9ja']).pollAll();
    const urls = (server.requests.bet9ja ?? []).map((r) => r.url);
    expect(urls.length).toBeGreaterThan(4);
    expect(urls.every((u) => u.startsWith('/mobile/feapi/PalimpsestAjax/') && u.includes('v_cache_version='))).toBe(
      true,
    );
  });

  it("BetKing and 1xBet: their real list answers at the real league ids' paths, with each book's declared headers", async () => {
    const expectDeclaredHeaders = (book: 'betking' | 'onexbet') => {
      const declared = bookAdapter(book)?.headers ?? {};
      expect(Object.keys(declared)).toEqual(expect.arrayContaining(['Accept', 'Referer']));
      const requests = server.requests[book] ?? [];
      expect(requests).toHaveLength(4);
      for (const { headers } of requests) {
        expect(headers.referer).toBe(declared.Referer);
        expect(headers.accept).toBe(declared.Accept);
        expect(headers['user-agent']).toMatch(/^Mozilla\/5\.0/);
      }
    };
    for (const [book, readAt] of [
      ['betking', '2026-01-14T12:00:00Z'],
      ['onexbet', '2025-10-06T12:00:00Z'],
    ] as const) {
      clock = Date.parse(readAt);
      await server.close();
      server = await startBookFixtureServer({ set: 'real', now: () => clock });
      await collector([book]).pollAll();
      expectDeclaredHeaders(book);
    }
    expect(lastBatch(2, 1)?.events.map((e) => [e.externalId, e.sportradarId])).toEqual([['1003633555', '61300947']]);
    expect(lastBatch(5, 1)?.events).toHaveLength(38);
  });

  it('a book refusing both paths is an outage: the league read fails and nothing is ingested', async () => {
    server.fail('bet9ja', { status: 403, file: 'error-403.html' });
    const c = collector(['bet9ja']);
    expect(await c.pollLeague('bet9ja', 2)).toBe('failed');
    expect(batches).toEqual([]);
    expect(c.health().find((h) => h.provider_id === 1)?.last_error).toMatch(/blocked/);
  });

  it("sends each book's own Referer, Origin and Accept (and a browser's User-Agent) on list and per-event calls", async () => {
    const expectBookHeaders = (book: 'bet9ja' | 'nairabet' | 'sportybet', site: string) => {
      const declared = bookAdapter(book)?.headers ?? {};
      expect(declared.Origin).toBe(site);
      const requests = server.requests[book] ?? [];
      expect(requests.length).toBeGreaterThan(0);
      for (const { headers } of requests) {
        expect(headers.referer).toBe(declared.Referer);
        expect(headers.origin).toBe(site);
        expect(headers.accept).toBe('application/json, text/plain, */*');
        expect(headers['user-agent']).toMatch(/^Mozilla\/5\.0/);
      }
    };
    await collector(['nairabet', 'sportybet']).pollAll();
    expect(server.eventHits.nairabet).toBe(3);
    expectBookHeaders('nairabet', 'https://www.nairabet.com');
    expectBookHeaders('sportybet', 'https://www.sportybet.com');
    clock = Date.parse('2026-05-05T12:00:00Z');
    await server.close();
    server = await startBookFixtureServer({ set: 'real', now: () => clock });
    await collector(['bet9ja']).pollAll();
    expect(server.eventHits.bet9ja).toBeGreaterThan(0);
    expectBookHeaders('bet9ja', 'https://sports.bet9ja.com');
  });
});

describe('ODDS_EVENT_CALLS', () => {
  it('defaults to 12, takes 0–200, and names itself when bad', () => {
    expect(oddsSourcesOf({}, null).eventCalls).toBe(12);
    expect(oddsSourcesOf({ ODDS_EVENT_CALLS: '0' }, null).eventCalls).toBe(0);
    expect(oddsSourcesOf({ ODDS_EVENT_CALLS: '40' }, null).eventCalls).toBe(40);
    for (const bad of ['-1', '2.5', 'many', '201']) {
      expect(() => oddsSourcesOf({ ODDS_EVENT_CALLS: bad }, null)).toThrow(ConfigError);
      expect(() => oddsSourcesOf({ ODDS_EVENT_CALLS: bad }, null)).toThrow(
        /^Invalid configuration: ODDS_EVENT_CALLS must be/,
      );
    }
  });
});
