/**
 * Booking codes end to end (docs/api.md, "Booking codes") against a local server answering like
 * SportyBet's and Bet9ja's booking calls: refs stored with live prices and never published, codes
 * loaded and mapped to our matches, codes created with exactly the book's request, and each
 * failure (invalid or expired code, anti-bot answer, unknown book) with its own error.
 */
import { Writable } from 'node:stream';
import type { FeedBatch } from '@shared/contract/ingest';
import { ingestBatch } from '../../../src/server/modules/odds/ingest/ingest-pipeline';
import { databasesUnderTest } from '../support/databases';
import { type TestApp, buildTestApp } from '../support/test-app';
import { getOdds, mintToken } from '../odds/support/odds-client';
import { type FakeBooks, startFakeBooks } from './fake-books';

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** SportyBet (3) prices with their refs: Arsenal v Chelsea 1X2 + OU2.5, Man United v Fulham 1X2. */
function sportyBatch(now: number, kick1: number, kick2: number, overrides: Partial<Record<string, number>> = {}) {
  return {
    provider: 3,
    country: 1,
    fetchedAt: iso(now),
    events: [
      {
        externalId: 'sr:match:61300001',
        sportradarId: '61300001',
        competition: 1,
        home: 'Arsenal',
        away: 'Chelsea',
        kickoff: iso(kick1),
        markets: [
          {
            market: 1,
            prices: [
              { selection: 1, value: overrides.home ?? 1.85, ref: 'sr:match:61300001|1||1' },
              { selection: 2, value: 3.5, ref: 'sr:match:61300001|1||2' },
              { selection: 3, value: 4.1, ref: 'sr:match:61300001|1||3' },
            ],
          },
          {
            market: 4,
            prices: [
              { selection: 8, value: 1.7, ref: 'sr:match:61300001|18|total=2.5|12' },
              { selection: 9, value: 2.1, ref: 'sr:match:61300001|18|total=2.5|13' },
            ],
          },
        ],
      },
      {
        externalId: 'sr:match:61300002',
        sportradarId: '61300002',
        competition: 1,
        home: 'Man United',
        away: 'Fulham',
        kickoff: iso(kick2),
        markets: [
          {
            market: 1,
            prices: [
              { selection: 1, value: 1.6, ref: 'sr:match:61300002|1||1' },
              { selection: 2, value: 4.0, ref: 'sr:match:61300002|1||2' },
              { selection: 3, value: 5.5, ref: 'sr:match:61300002|1||3' },
            ],
          },
        ],
      },
    ],
  } satisfies FeedBatch;
}

/** Bet9ja (1) prices with their refs; BTTS is not offered there. */
function bet9jaBatch(now: number, kick1: number, kick2: number, withRefs = true): FeedBatch {
  const ref = (key: string) => (withRefs ? { ref: key } : {});
  return {
    provider: 1,
    country: 1,
    fetchedAt: iso(now),
    events: [
      {
        externalId: '769000001',
        competition: 1,
        home: 'Arsenal',
        away: 'Chelsea',
        kickoff: iso(kick1),
        markets: [
          {
            market: 1,
            prices: [
              { selection: 1, value: 1.95, ...ref('769000001$S_1X2_1') },
              { selection: 2, value: 3.4, ...ref('769000001$S_1X2_X') },
              { selection: 3, value: 4.0, ...ref('769000001$S_1X2_2') },
            ],
          },
          {
            market: 4,
            prices: [
              { selection: 8, value: 1.75, ...ref('769000001$S_OU@2.5_O') },
              { selection: 9, value: 2.05, ...ref('769000001$S_OU@2.5_U') },
            ],
          },
        ],
      },
      {
        externalId: '769000002',
        competition: 1,
        home: 'Manchester United',
        away: 'Fulham',
        kickoff: iso(kick2),
        markets: [
          {
            market: 1,
            prices: [
              { selection: 1, value: 1.65, ...ref('769000002$S_1X2_1') },
              { selection: 2, value: 3.9, ...ref('769000002$S_1X2_X') },
              { selection: 3, value: 5.25, ...ref('769000002$S_1X2_2') },
            ],
          },
        ],
      },
    ],
  };
}

/** A SportyBet share answer leg in the documented shape. */
function sportyLeg(
  eventId: string,
  home: string,
  away: string,
  kickoff: number,
  market: [string, string, string, string],
) {
  const [id, specifier, outcome, odds] = market;
  return {
    eventId,
    homeTeamName: home,
    awayTeamName: away,
    estimateStartTime: kickoff,
    markets: [
      {
        id,
        specifier,
        status: 0,
        desc: id === '1' ? '1X2' : 'Market',
        outcomes: [{ id: outcome, odds, isActive: 1, desc: 'Pick' }],
      },
    ],
  };
}

describe.each(databasesUnderTest())('booking codes on $name', (target) => {
  let t: TestApp;
  let fake: FakeBooks;
  let token: string;
  let logs: string[];
  let kick1: number;
  let kick2: number;
  let eventIds: string[];

  const load = (provider: number | string, code: string, auth: string | null = token) =>
    t.app.inject({
      method: 'GET',
      url: `/api/booking/${provider}/${code}`,
      headers: auth ? { authorization: `Bearer ${auth}` } : {},
    });
  const create = (provider: number, legs: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/booking/${provider}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { legs },
    });
  const bookRequests = (path: string) => fake.requests.filter((r) => r.path.startsWith(path));

  beforeEach(async () => {
    fake = await startFakeBooks();
    logs = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logs.push(chunk.toString());
        done();
      },
    });
    t = await buildTestApp(
      { bookingUrls: { sportybet: fake.url, bet9ja: fake.url } },
      { database: target, smtp: false, logger: { level: 'info', stream } },
    );
    const now = t.clock.now();
    kick1 = Math.floor(now / 1000) * 1000 + 48 * HOUR;
    kick2 = kick1 + 3 * HOUR;
    await ingestBatch(t.db, sportyBatch(now, kick1, kick2), { source: 'live', now: t.clock.now });
    await ingestBatch(t.db, bet9jaBatch(now, kick1, kick2), { source: 'live', now: t.clock.now });
    await t.app.odds.snapshot.rebuild();
    const events = await t.db.selectFrom('events').select(['id', 'home']).orderBy('kickoff_at').execute();
    eventIds = events.map((e) => e.id);
    token = await mintToken(t.app);
  });
  afterEach(async () => {
    await t.close();
    await fake.close();
  });

  it('stores each live price with its ref, replaces it alone, drops it with a withdrawal, and never publishes it', async () => {
    const refs = async () =>
      (
        await t.db
          .selectFrom('current_prices')
          .select(['provider_id', 'market_id', 'selection_id', 'ref'])
          .where('event_id', '=', eventIds[0] as string)
          .where('market_id', '=', 1)
          .orderBy('provider_id')
          .orderBy('selection_id')
          .execute()
      ).map((r) => [Number(r.provider_id), Number(r.selection_id), r.ref]);
    expect(await refs()).toEqual([
      [1, 1, '769000001$S_1X2_1'],
      [1, 2, '769000001$S_1X2_X'],
      [1, 3, '769000001$S_1X2_2'],
      [3, 1, 'sr:match:61300001|1||1'],
      [3, 2, 'sr:match:61300001|1||2'],
      [3, 3, 'sr:match:61300001|1||3'],
    ]);

    // A new ref with the same price is written (no history row); a withdrawal takes the ref with it.
    const batch = bet9jaBatch(t.clock.now(), kick1, kick2);
    batch.events[0]!.markets[0]!.prices = [
      { selection: 1, value: 1.95, ref: '769000001$S_1X2_1' },
      { selection: 2, value: 3.4, ref: '769000009$S_1X2_X' },
    ];
    const historyBefore = await t.db.selectFrom('price_history').select('run_id').execute();
    await ingestBatch(t.db, batch, { source: 'live', now: t.clock.now });
    expect((await refs()).slice(0, 3)).toEqual([
      [1, 1, '769000001$S_1X2_1'],
      [1, 2, '769000009$S_1X2_X'],
      [1, 3, null],
    ]);
    const historyAfter = await t.db.selectFrom('price_history').select('run_id').execute();
    expect(historyAfter.length).toBe(historyBefore.length + 1); // the withdrawal only

    // A read of the league that no longer lists a market withdraws its prices, and their refs go too.
    const ouRefs = async () =>
      (
        await t.db
          .selectFrom('current_prices')
          .select(['value', 'ref'])
          .where('event_id', '=', eventIds[0] as string)
          .where('provider_id', '=', 1)
          .where('market_id', '=', 4)
          .orderBy('selection_id')
          .execute()
      ).map((r) => [r.value === null ? null : Number(r.value), r.ref]);
    expect(await ouRefs()).toEqual([
      [1.75, '769000001$S_OU@2.5_O'],
      [2.05, '769000001$S_OU@2.5_U'],
    ]);
    const withoutOu = bet9jaBatch(t.clock.now(), kick1, kick2);
    withoutOu.events[0]!.markets = withoutOu.events[0]!.markets.filter((m) => m.market !== 4);
    await ingestBatch(t.db, withoutOu, { source: 'live', now: t.clock.now, leagues: [1] });
    expect(await ouRefs()).toEqual([
      [null, null],
      [null, null],
    ]);

    await t.app.odds.snapshot.rebuild();
    const answers = [
      await getOdds(t.app, token, { country: '1', competition: '1', market: '1' }),
      await getOdds(t.app, token, { country: '1', competition: '1', market: '4' }),
      await t.app.inject({
        method: 'GET',
        url: `/api/odds/event/${eventIds[0]}`,
        headers: { authorization: `Bearer ${token}` },
      }),
      await t.app.inject({ method: 'GET', url: '/api/odds/sample?country=1' }),
      await t.app.inject({
        method: 'GET',
        url: '/api/odds/summary?country=1',
        headers: { authorization: `Bearer ${token}` },
      }),
    ];
    expect(answers[0]!.statusCode).toBe(200);
    expect(answers[2]!.statusCode).toBe(200);
    expect(answers[0]!.body).toContain('Arsenal');
    expect(answers[2]!.body).toContain('1.95');
    for (const answer of answers) {
      expect(answer.body).not.toMatch(/sr:match|\$S_|"ref"|769000/);
    }
  });

  it('loads a SportyBet code: legs mapped by Sportradar id, then names and kick-off; the others listed with a reason', async () => {
    fake.sportybet.set('ABC123', {
      json: {
        bizCode: 10000,
        data: {
          shareCode: 'ABC123',
          deadline: kick1,
          outcomes: [
            sportyLeg('sr:match:61300001', 'Arsenal', 'Chelsea', kick1, ['1', '', '1', '1.80']),
            sportyLeg('sr:match:61300099', 'Manchester Utd', 'Fulham', kick2 + 10 * 60_000, [
              '18',
              'total=2.5',
              '12',
              '1.66',
            ]),
            sportyLeg('sr:match:61300003', 'Brentford', 'Brighton', kick2, ['1', '', '2', '3.30']),
            sportyLeg('sr:match:61300002', 'Man United', 'Fulham', kick2, ['60200', '', '1', '1.20']),
          ],
          unavailableOutcomes: [sportyLeg('sr:match:61300001', 'Arsenal', 'Chelsea', kick1, ['29', '', '74', '1.75'])],
        },
      },
    });
    const response = await load(3, ' abc123 ');
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({ provider: 3, code: 'ABC123', expiresAt: iso(kick1) });
    expect(data.legs).toEqual([
      {
        eventId: eventIds[0],
        home: 'Arsenal',
        away: 'Chelsea',
        kickoff: iso(kick1),
        market: 1,
        selection: 1,
        price: 1.8,
        label: '1X2 · Pick',
        matched: true,
      },
      {
        eventId: eventIds[1],
        home: 'Manchester United',
        away: 'Fulham',
        kickoff: iso(kick2 + 10 * 60_000),
        market: 4,
        selection: 8,
        price: 1.66,
        label: 'Market · Pick',
        matched: true,
      },
      {
        eventId: null,
        home: 'Brentford',
        away: 'Brighton',
        kickoff: iso(kick2),
        market: 1,
        selection: 2,
        price: 3.3,
        label: '1X2 · Pick',
        matched: false,
        reason: 'match_not_found',
      },
      {
        eventId: eventIds[1],
        home: 'Manchester United',
        away: 'Fulham',
        kickoff: iso(kick2),
        market: null,
        selection: null,
        price: 1.2,
        label: 'Market · Pick',
        matched: false,
        reason: 'market_not_compared',
      },
      {
        eventId: eventIds[0],
        home: 'Arsenal',
        away: 'Chelsea',
        kickoff: iso(kick1),
        market: 7,
        selection: 14,
        price: 1.75,
        label: 'Market · Pick',
        matched: false,
        reason: 'unavailable',
      },
    ]);
    const [request] = bookRequests('/api/ng/orders/share/');
    expect(request).toMatchObject({ method: 'GET', path: '/api/ng/orders/share/ABC123' });
    expect(request!.headers).toMatchObject({
      referer: 'https://www.sportybet.com/ng/',
      origin: 'https://www.sportybet.com',
      accept: expect.stringContaining('application/json'),
      'user-agent': expect.stringContaining('Mozilla/5.0'),
    });

    // Cached until its earliest kick-off: a second load makes no call.
    expect((await load(3, 'ABC123')).json()).toEqual({ data });
    expect(bookRequests('/api/ng/orders/share/')).toHaveLength(1);
    const lines = logs.filter((l) => l.includes('"booking"'));
    expect(lines.map((l) => JSON.parse(l).booking)).toEqual([
      expect.objectContaining({ action: 'load', provider: 3, outcome: 'ok', legs: 5, matched: 2 }),
      expect.objectContaining({ action: 'load', provider: 3, outcome: 'cached' }),
    ]);
    for (const line of lines) expect(line).not.toMatch(/ABC123|usr_test|tester/);
  });

  it('maps a leg by the Sportradar id another book gave the match, whatever its names and kick-off', async () => {
    // Only Bet9ja lists this match (EXTID 61300077); the code's leg names it another way, 5 hours off.
    const now = t.clock.now();
    await ingestBatch(
      t.db,
      {
        provider: 1,
        country: 1,
        fetchedAt: iso(now),
        events: [
          {
            externalId: '769000077',
            sportradarId: '61300077',
            competition: 1,
            home: 'Tottenham',
            away: 'Everton',
            kickoff: iso(kick2 + 24 * HOUR),
            markets: [{ market: 1, prices: [{ selection: 1, value: 2.2, ref: '769000077$S_1X2_1' }] }],
          },
        ],
      },
      { source: 'live', now: t.clock.now },
    );
    const spurs = await t.db
      .selectFrom('events')
      .select('id')
      .where('sportradar_id', '=', '61300077')
      .executeTakeFirst();
    expect(spurs).toBeDefined();
    fake.sportybet.set('SR7777', {
      json: {
        bizCode: 10000,
        data: {
          shareCode: 'SR7777',
          deadline: kick2 + 29 * HOUR,
          outcomes: [sportyLeg('sr:match:61300077', 'Spurs FC', 'Toffees', kick2 + 29 * HOUR, ['1', '', '1', '2.15'])],
          unavailableOutcomes: [],
        },
      },
    });
    const response = await load(3, 'SR7777');
    expect(response.statusCode).toBe(200);
    expect(response.json().data.legs.map((l: Record<string, unknown>) => [l.eventId, l.market, l.matched])).toEqual([
      [spurs!.id, 1, true],
    ]);
  });

  it('loads a Bet9ja code by its own event ids', async () => {
    fake.bet9ja.set('9JX2KD7', {
      json: {
        R: 'OK',
        D: {
          O: {
            '769000001$S_1X2_2': {
              E_NAME: 'Arsenal - Chelsea',
              V: '4.00',
              STARTDATE: iso(kick1).slice(0, 19).replace('T', ' '),
            },
            '769000002$S_OU@2.5_U': {
              E_NAME: 'Manchester United - Fulham',
              V: '2.30',
              STARTDATE: iso(kick2).slice(0, 19).replace('T', ' '),
            },
            '769000002$S_HTFTCS_0-0/0-0': {
              E_NAME: 'Manchester United - Fulham',
              V: '9.70',
              STARTDATE: iso(kick2).slice(0, 19).replace('T', ' '),
            },
          },
        },
      },
    });
    const response = await load(1, '9JX2KD7');
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.expiresAt).toBe(iso(kick1));
    expect(
      data.legs.map((l: Record<string, unknown>) => [l.eventId, l.market, l.selection, l.price, l.matched, l.reason]),
    ).toEqual([
      [eventIds[0], 1, 3, 4, true, undefined],
      [eventIds[1], 4, 9, 2.3, true, undefined],
      [eventIds[1], null, null, 9.7, false, 'market_not_compared'],
    ]);
    expect(bookRequests('/desktop/')[0]!.path).toBe('/desktop/feapi/CouponAjax/GetBookABetCoupon?couponCode=9JX2KD7');
  });

  it('answers an invalid or expired code 404, a malformed one 400 before any call, an unknown book 400', async () => {
    expect((await load(3, 'EXPIRED1')).json().error).toMatchObject({ code: 'BOOKING_CODE_NOT_FOUND' });
    expect((await load(3, 'EXPIRED1')).statusCode).toBe(404);
    expect((await load(1, 'NOSUCH1')).json().error).toMatchObject({ code: 'BOOKING_CODE_NOT_FOUND' });
    fake.sportybet.set('EMPTYSLIP', { json: { bizCode: 10000, data: { outcomes: [], unavailableOutcomes: [] } } });
    expect((await load(3, 'EMPTYSLIP')).statusCode).toBe(404);
    const calls = fake.requests.length;

    const malformed = await load(3, 'AB%3Cb%3E');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'code' }] });
    expect((await load(3, 'A'.repeat(30))).statusCode).toBe(400);
    const nairabet = await load(4, 'ABC123');
    expect(nairabet.statusCode).toBe(400);
    expect(nairabet.json().error).toMatchObject({
      code: 'BOOKING_UNSUPPORTED',
      description: 'Loading NairaBet codes is not supported yet.',
    });
    expect((await load(9, 'ABC123')).json().error).toMatchObject({ code: 'BOOKING_UNSUPPORTED' });
    expect((await load('x', 'ABC123')).statusCode).toBe(400);
    expect((await create(2, [{ eventId: eventIds[0], market: 1, selection: 1 }])).json().error).toMatchObject({
      code: 'BOOKING_UNSUPPORTED',
    });
    expect(fake.requests.length).toBe(calls);
    expect((await load(3, 'ABC123', null)).statusCode).toBe(401);
  });

  it('treats anti-bot answers as the book refusing (503), and stops calling after five in a row', async () => {
    fake.sportybet.set('BLOCKED', { status: 403, body: '<html><title>Just a moment...</title></html>' });
    fake.sportybet.set('CHALLENGE', { status: 200, body: '<html>challenge</html>' });
    fake.sportybet.set('NOTHING', { status: 200, body: '' });
    fake.sportybet.set('BROKEN', { status: 502, body: 'bad gateway' });
    fake.sportybet.set('WRONG', { json: { bizCode: 4000, message: 'system busy' } });
    const why: Record<string, string> = {
      BLOCKED: 'HTTP 403',
      CHALLENGE: 'not JSON (a challenge page?)',
      NOTHING: 'empty answer',
      BROKEN: 'HTTP 502',
      WRONG: 'bizCode 4000',
    };
    for (const code of Object.keys(why)) {
      const response = await load(3, code);
      expect(response.statusCode).toBe(503);
      const { error } = response.json();
      expect(error).toMatchObject({
        code: 'BOOKING_UNAVAILABLE',
        description: 'SportyBet is not answering booking requests right now. Please try again later.',
      });
      // The reference under the message leads support to what the book did, in the request's own lines
      // (a reference of our own first: with none, the filter below would match lines that have none).
      expect(error.requestId).toMatch(/^[0-9A-Z]{10}$/);
      const lines = logs.map((l) => JSON.parse(l)).filter((l) => l.reqId === error.requestId);
      expect(lines).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            msg: 'booking load: unavailable',
            booking: expect.objectContaining({ action: 'load', provider: 3, outcome: 'unavailable', why: why[code] }),
          }),
          expect.objectContaining({ msg: 'request rejected', code: 'BOOKING_UNAVAILABLE', statusCode: 503 }),
        ]),
      );
      for (const line of lines.filter((l) => l.booking)) expect(JSON.stringify(line)).not.toContain(code);
    }
    const calls = fake.requests.length;
    expect((await load(3, 'EXPIRED1')).statusCode).toBe(503);
    expect(fake.requests.length).toBe(calls);
    // Another book is not affected.
    expect((await load(1, 'NOSUCH1')).statusCode).toBe(404);
    t.clock.advance(61_000);
    expect((await load(3, 'EXPIRED1')).statusCode).toBe(404);
  });

  it('creates a Bet9ja code with exactly its BookABetV2 request, skipping what Bet9ja does not offer', async () => {
    const legs = [
      { eventId: eventIds[0], market: 4, selection: 8 },
      { eventId: eventIds[1], market: 1, selection: 1 },
    ];
    const sportyOnly = { eventId: eventIds[1], market: 7, selection: 14 };
    const dup = await create(1, [...legs, sportyOnly]);
    expect(dup.statusCode).toBe(400); // one selection per match
    const response = await create(1, [legs[0], { eventId: eventIds[1], market: 7, selection: 14 }]);
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toEqual({
      provider: 1,
      code: '9JA4KD2',
      url: 'https://sports.bet9ja.com/?bookABetCode=9JA4KD2',
      legs: [{ eventId: eventIds[0], market: 4, selection: 8, price: 1.75 }],
      skipped: [{ eventId: eventIds[1], market: 7, selection: 14, reason: 'not_offered' }],
    });
    const [request] = bookRequests('/sportsbook/');
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/sportsbook/placebet/BookABetV2?source=desktop');
    expect(request!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request!.headers.referer).toBe('https://sports.bet9ja.com/');
    expect(request!.headers.origin).toBe('https://sports.bet9ja.com');
    const form = new URLSearchParams(request!.body);
    expect([...form.keys()]).toEqual(['BETSLIP', 'IS_PASSBET']);
    expect(form.get('IS_PASSBET')).toBe('0');
    const slip = JSON.parse(form.get('BETSLIP') as string);
    expect(slip).toEqual({
      BETS: [{ TYPE: 1, ODDS: { '769000001$S_OU@2.5_O': 1.75 } }],
      EVS: { '769000001$S_OU@2.5_O': 1.75 },
    });

    const both = await create(1, legs);
    expect(both.statusCode).toBe(201);
    const second = JSON.parse(new URLSearchParams(bookRequests('/sportsbook/')[1]!.body).get('BETSLIP') as string);
    expect(second.BETS[0].ODDS).toEqual({ '769000001$S_OU@2.5_O': 1.75, '769000002$S_1X2_1': 1.65 });
    expect(second.BETS[0].TYPE).toBe(2);
  });

  it('creates a SportyBet code with its share request and passes its shareURL on', async () => {
    const response = await create(3, [
      { eventId: eventIds[0], market: 4, selection: 9 },
      { eventId: eventIds[1], market: 1, selection: 3 },
    ]);
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      provider: 3,
      code: 'SPB7QX',
      url: 'https://www.sportybet.com/ng/?shareCode=SPB7QX',
      skipped: [],
    });
    const [request] = bookRequests('/api/ng/orders/share');
    expect(request!.method).toBe('POST');
    expect(request!.headers['content-type']).toContain('application/json');
    expect(JSON.parse(request!.body)).toEqual({
      selections: [
        { eventId: 'sr:match:61300001', marketId: '18', specifier: 'total=2.5', outcomeId: '13' },
        { eventId: 'sr:match:61300002', marketId: '1', specifier: '', outcomeId: '3' },
      ],
    });
    fake.sportybetCreate = { status: 403, body: '<html>blocked</html>' };
    expect((await create(3, [{ eventId: eventIds[0], market: 1, selection: 1 }])).json().error).toMatchObject({
      code: 'BOOKING_UNAVAILABLE',
    });
  });

  it('says booking needs live prices when the book has none with a ref, and skips suspended and started legs', async () => {
    await ingestBatch(t.db, bet9jaBatch(t.clock.now(), kick1, kick2, false), { source: 'live', now: t.clock.now });
    const noRefs = await create(1, [{ eventId: eventIds[0], market: 1, selection: 1 }]);
    expect(noRefs.statusCode).toBe(400);
    expect(noRefs.json().error).toMatchObject({
      code: 'BOOKING_NOTHING_TO_BOOK',
      description: 'Booking codes need live prices: there is no live Bet9Ja price for these selections.',
      details: [{ field: 'legs[0]', message: 'needs_live_prices' }],
    });

    const sporty: FeedBatch = sportyBatch(t.clock.now(), kick1, kick2);
    const arsenalResult = sporty.events[0]!.markets[0]!;
    arsenalResult.prices = arsenalResult.prices.slice(1);
    await ingestBatch(t.db, sporty, { source: 'live', now: t.clock.now });
    const partly = await create(3, [
      { eventId: eventIds[0], market: 1, selection: 1 },
      { eventId: eventIds[1], market: 1, selection: 2 },
    ]);
    expect(partly.statusCode).toBe(201);
    expect(partly.json().data.skipped).toEqual([
      { eventId: eventIds[0], market: 1, selection: 1, reason: 'suspended' },
    ]);

    t.clock.advance(kick2 - t.clock.now() + 60_000);
    token = await mintToken(t.app);
    const started = await create(3, [{ eventId: eventIds[1], market: 1, selection: 2 }]);
    expect(started.json().error).toMatchObject({
      code: 'BOOKING_NOTHING_TO_BOOK',
      details: [{ field: 'legs[0]', message: 'started' }],
    });
    expect((await create(3, [{ eventId: eventIds[1], market: 1, selection: 9 }])).statusCode).toBe(400);
  });

  it('limits loads per user', async () => {
    fake.sportybet.set('ABC123', {
      json: {
        bizCode: 10000,
        data: { outcomes: [sportyLeg('sr:match:61300001', 'Arsenal', 'Chelsea', kick1, ['1', '', '1', '1.80'])] },
      },
    });
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) statuses.push((await load(3, 'ABC123')).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
