import type { OddsEventDto, OddsListDto, SummaryDto } from '@shared/contract/odds';
import { OddsFlag } from '@shared/lookups';
import { oddsSignature } from '@shared/signature';
import { decodeJwtClaims } from '@shared/jwt';
import { loginAs, verifiedUser } from '../support/accounts';
import { databasesUnderTest } from '../support/databases';
import { buildTestApp, type TestApp } from '../support/test-app';
import { FIXTURE_NOW, goodBatch, otherProviderBatch } from './support/batches';
import { getOdds, mintToken } from './support/odds-client';

const NIGERIA_ARSENAL = { country: '1', competition: '1', market: '1' };

describe.each(databasesUnderTest())('odds API on $name', (database) => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await buildTestApp({}, { database, smtp: false });
    // The fixtures' time: feeds may date nothing further than a year from now.
    t.clock.advance(FIXTURE_NOW - Date.now());
    await t.app.odds.ingest(goodBatch(), 'import');
    await t.app.odds.ingest(otherProviderBatch(), 'import');
    token = await mintToken(t.app);
  });
  afterAll(async () => t.close());

  const data = <T>(body: string) => (JSON.parse(body) as { data: T }).data;

  describe('GET /api/odds', () => {
    it('answers the events of a competition and market, signed with the token ak', async () => {
      const res = await getOdds(t.app, token, NIGERIA_ARSENAL);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['cache-control']).toBe('private, no-cache');
      const { events, source } = data<OddsListDto>(res.body);
      expect(source).toBe('live');
      expect(events.map((e) => e.name)).toEqual(['Arsenal vs Chelsea', 'Manchester United vs Fulham']);
      const arsenal = events[0] as OddsEventDto;
      expect(arsenal).toMatchObject({ date: '2030-03-16T13:30:00Z', competitionId: 1 });
      expect(arsenal.id).toMatch(/^evt_/);
      // Bet9Ja 1.83/3.60/4.20: 0.54645 + 0.27778 + 0.23810 = 1.06233 → 6.23 %
      // 1XBet  1.86/3.60/4.45: 0.53763 + 0.27778 + 0.22472 = 1.04013 → 4.01 %
      expect(arsenal.markets).toEqual([
        {
          marketId: 1,
          odds: [
            {
              providerId: 1,
              margin: 6.23,
              odds: [
                { selectionTypeId: 1, value: 1.83, flags: 0 },
                { selectionTypeId: 2, value: 3.6, flags: OddsFlag.Best },
                { selectionTypeId: 3, value: 4.2, flags: 0 },
              ],
            },
            {
              providerId: 5,
              margin: 4.01,
              odds: [
                { selectionTypeId: 1, value: 1.86, flags: OddsFlag.Best },
                { selectionTypeId: 2, value: 3.6, flags: OddsFlag.Best },
                { selectionTypeId: 3, value: 4.45, flags: OddsFlag.Best },
              ],
            },
          ],
        },
      ]);
    });

    it('accepts the country slug when the signature covers the slug as sent', async () => {
      const res = await getOdds(t.app, token, { ...NIGERIA_ARSENAL, country: 'nigeria' });
      expect(res.statusCode).toBe(200);
      const ak = decodeJwtClaims(token)?.ak as string;
      const signedForId = oddsSignature(ak, '1', '1', '1');
      const mismatch = await getOdds(t.app, token, { ...NIGERIA_ARSENAL, country: 'nigeria' }, signedForId);
      expect(mismatch.statusCode).toBe(403);
    });

    it('answers an empty list for a known pair without events', async () => {
      const res = await getOdds(t.app, token, { country: '1', competition: '3', market: '7' });
      expect(data<OddsListDto>(res.body).events).toEqual([]);
    });

    it('answers 401 without a token, with a bad one and with an expired one', async () => {
      const none = await getOdds(t.app, null, NIGERIA_ARSENAL);
      expect(none.statusCode).toBe(401);
      expect(JSON.parse(none.body).error).toMatchObject({ code: 'UNAUTHORIZED', type: 'auth' });
      const bad = await getOdds(t.app, `${token}x`, NIGERIA_ARSENAL);
      expect(bad.statusCode).toBe(401);
      const short = await mintToken(t.app, 60);
      t.clock.advance(61_000);
      const expired = await getOdds(t.app, short, NIGERIA_ARSENAL);
      expect(expired.statusCode).toBe(401);
      expect(JSON.parse(expired.body).error.code).toBe('TOKEN_EXPIRED');
    });

    it('answers 401 TOKEN_EXPIRED once a token it has already accepted reaches its exp', async () => {
      const short = await mintToken(t.app, 60);
      expect((await getOdds(t.app, short, NIGERIA_ARSENAL)).statusCode).toBe(200);
      t.clock.advance(50_000);
      expect((await getOdds(t.app, short, NIGERIA_ARSENAL)).statusCode).toBe(200);
      t.clock.advance(11_000);
      const expired = await getOdds(t.app, short, NIGERIA_ARSENAL);
      expect(expired.statusCode).toBe(401);
      expect(JSON.parse(expired.body).error.code).toBe('TOKEN_EXPIRED');
      expect((await getOdds(t.app, token, NIGERIA_ARSENAL)).statusCode).toBe(200);
    });

    it('answers 401 for a token differing by one character from an accepted one', async () => {
      expect((await getOdds(t.app, token, NIGERIA_ARSENAL)).statusCode).toBe(200);
      // A character inside the signature (the last one carries unused bits).
      const at = token.length - 10;
      const forged = `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
      expect((await getOdds(t.app, forged, NIGERIA_ARSENAL)).statusCode).toBe(401);
    });

    it('answers 403 INVALID_SIGNATURE for a wrong k, never 401', async () => {
      const res = await getOdds(t.app, token, NIGERIA_ARSENAL, '12345');
      expect(res.statusCode).toBe(403);
      expect(JSON.parse(res.body).error).toMatchObject({ code: 'INVALID_SIGNATURE', type: 'auth' });
      const otherToken = await mintToken(t.app);
      const otherAk = decodeJwtClaims(otherToken)?.ak as string;
      const stolen = await getOdds(t.app, token, NIGERIA_ARSENAL, oddsSignature(otherAk, '1', '1', '1'));
      expect(stolen.statusCode).toBe(403);
    });

    it.each([
      ['an unknown country', { country: 'narnia', competition: '1', market: '1' }, 'country'],
      ['an unknown competition', { country: '1', competition: '9', market: '1' }, 'competition'],
      ['an unknown market', { country: '1', competition: '1', market: '0' }, 'market'],
      ['a country with odd characters', { country: '1;drop', competition: '1', market: '1' }, 'country'],
      ['a non-numeric market', { country: '1', competition: '1', market: 'abc' }, 'market'],
    ])('answers 400 for %s', async (_name, query, field) => {
      const res = await getOdds(t.app, token, query);
      expect(res.statusCode).toBe(400);
      const { error } = JSON.parse(res.body);
      expect(error).toMatchObject({ code: 'VALIDATION_ERROR', type: 'validation' });
      expect(error.details[0].field).toBe(field);
    });

    it('answers 400 for a missing k or an unknown parameter', async () => {
      const auth = { authorization: `Bearer ${token}` };
      const missing = await t.app.inject({ url: '/api/odds?country=1&competition=1&market=1', headers: auth });
      expect(missing.statusCode).toBe(400);
      const ak = decodeJwtClaims(token)?.ak as string;
      const k = oddsSignature(ak, '1', '1', '1');
      const extra = await t.app.inject({ url: `/api/odds?country=1&competition=1&market=1&k=${k}&x=1`, headers: auth });
      expect(extra.statusCode).toBe(400);
      const twice = await t.app.inject({
        url: `/api/odds?country=1&country=2&competition=1&market=1&k=${k}`,
        headers: auth,
      });
      expect(twice.statusCode).toBe(400);
    });

    it('answers 304 to a matching If-None-Match and a new ETag after a change', async () => {
      const first = await getOdds(t.app, token, NIGERIA_ARSENAL);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      const again = await getOdds(t.app, token, NIGERIA_ARSENAL, undefined, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      const weak = await getOdds(t.app, token, NIGERIA_ARSENAL, undefined, { 'if-none-match': `"x", W/${etag}` });
      expect(weak.statusCode).toBe(304);
      const moved = otherProviderBatch({ fetchedAt: new Date(t.app.now()).toISOString() });
      moved.events[0]!.markets[0]!.prices[0]!.value = 1.9;
      await t.app.odds.ingest(moved, 'import');
      const changed = await getOdds(t.app, token, NIGERIA_ARSENAL, undefined, { 'if-none-match': etag });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
      // The 1XBet home price rose: Increased and Best, until the movement window passes.
      const home = async () =>
        getOdds(t.app, await mintToken(t.app), NIGERIA_ARSENAL).then(
          (r) => data<OddsListDto>(r.body).events[0]?.markets[0]?.odds[1]?.odds[0],
        );
      // From what and when: the price before the change and the change's fetchedAt.
      const change = { selectionTypeId: 1, value: 1.9, was: 1.86, changedAt: moved.fetchedAt };
      expect(await home()).toEqual({ ...change, flags: OddsFlag.Increased | OddsFlag.Best });
      t.clock.advance(60 * 60_000 + 1000);
      await t.app.odds.snapshot.rebuild();
      // An hour without a read: the arrow is gone and the book is stale, so its price is no longer Best.
      expect(await home()).toEqual({ ...change, flags: 0 });
    });
  });

  describe('GET /api/odds/summary', () => {
    it('counts the country’s upcoming events, bookmakers and current prices as the database does', async () => {
      const res = await t.app.inject({ url: '/api/odds/summary?country=nigeria' });
      expect(res.statusCode).toBe(200);
      const summary = data<SummaryDto>(res.body);
      const now = t.app.now();
      const priced = t.db
        .selectFrom('current_prices')
        .innerJoin('events', 'events.id', 'current_prices.event_id')
        .where('events.country_id', '=', 1)
        .where('events.kickoff_at', '>', now)
        .where('current_prices.value', 'is not', null);
      const row = await priced
        .select((eb) => [
          eb.fn.countAll().as('odds'),
          eb.fn.count('current_prices.event_id').distinct().as('events'),
          eb.fn.count('current_prices.provider_id').distinct().as('providers'),
        ])
        .executeTakeFirstOrThrow();
      const markets = await priced.select('current_prices.market_id').distinct().orderBy('market_id').execute();
      const latest = await t.db
        .selectFrom('ingest_runs')
        .select((eb) => eb.fn.max('fetched_at').as('at'))
        .where('country_id', '=', 1)
        .where('status', '=', 'applied')
        .executeTakeFirstOrThrow();
      expect(summary).toEqual({
        competitionIds: [1],
        marketIds: markets.map((m) => Number(m.market_id)),
        numEvents: Number(row.events),
        numBookmakers: Number(row.providers),
        numOdds: Number(row.odds),
        source: 'live',
        updatedAt: new Date(Number(latest.at)).toISOString().replace('.000Z', 'Z'),
      });
      expect(summary.numOdds).toBe(14);
      const byId = await t.app.inject({ url: '/api/odds/summary?country=1' });
      expect(byId.body).toBe(res.body);
    });

    it('answers zeros for a country without odds and 400 for an unknown or missing country', async () => {
      const ghana = data<SummaryDto>((await t.app.inject({ url: '/api/odds/summary?country=ghana' })).body);
      expect(ghana).toEqual({
        competitionIds: [],
        marketIds: [],
        numEvents: 0,
        numBookmakers: 0,
        numOdds: 0,
        source: 'live',
        updatedAt: null,
      });
      for (const url of ['/api/odds/summary?country=9', '/api/odds/summary', '/api/odds/summary?country=']) {
        const res = await t.app.inject({ url });
        expect(res.statusCode).toBe(400);
        expect(JSON.parse(res.body).error.code).toBe('VALIDATION_ERROR');
      }
    });
  });

  describe('GET /api/odds/sample', () => {
    it('answers at most 5 soonest events, 1X2 only, without a token', async () => {
      const many = goodBatch({
        provider: 3,
        events: Array.from({ length: 7 }, (_, i) => ({
          externalId: `sb-${i}`,
          competition: 2,
          home: ['Barcelona', 'Real Madrid', 'Sevilla', 'Valencia', 'Girona', 'Getafe', 'Osasuna'][i] as string,
          away: ['Celta', 'Betis', 'Espanol', 'Mallorca', 'Alaves', 'Leganes', 'Sociedad'][i] as string,
          kickoff: new Date(Date.parse('2030-03-15T12:00:00Z') + (7 - i) * 3600_000).toISOString(),
          markets: [
            {
              market: 1,
              prices: [
                { selection: 1, value: 2 },
                { selection: 2, value: 3.3 },
                { selection: 3, value: 3.9 },
              ],
            },
            {
              market: 7,
              prices: [
                { selection: 14, value: 1.8 },
                { selection: 15, value: 1.95 },
              ],
            },
          ],
        })),
      });
      await t.app.odds.ingest(many, 'import');
      const res = await t.app.inject({ url: '/api/odds/sample?country=nigeria' });
      expect(res.statusCode).toBe(200);
      const { events } = data<OddsListDto>(res.body);
      expect(events).toHaveLength(5);
      expect(events.map((e) => e.name)).toEqual([
        'Osasuna vs Real Sociedad',
        'Getafe vs Leganés',
        'Girona vs Alavés',
        'Valencia vs Mallorca',
        'Sevilla vs Espanyol',
      ]);
      expect(events.every((e) => e.markets.length === 1 && e.markets[0]?.marketId === 1)).toBe(true);
      const dates = events.map((e) => Date.parse(e.date));
      expect([...dates].sort((a, b) => a - b)).toEqual(dates);
      expect((await t.app.inject({ url: '/api/odds/sample?country=kenya' })).statusCode).toBe(200);
      expect((await t.app.inject({ url: '/api/odds/sample?country=xx' })).statusCode).toBe(400);
    });
  });
});

describe('GET /api/odds with a real login', () => {
  it('accepts k signed, with the shared function, over the ak of the token login returned', async () => {
    const t = await buildTestApp();
    t.clock.advance(FIXTURE_NOW - Date.now());
    try {
      await t.app.odds.ingest(goodBatch(), 'import');
      const { user } = await verifiedUser(t);
      const login = await loginAs(t, user.userName, user.password);
      expect(login.statusCode).toBe(200);
      const { token } = login.json().data as { token: string };
      const res = await getOdds(t.app, token, { country: 'nigeria', competition: '1', market: '4' });
      expect(res.statusCode).toBe(200);
      expect(JSON.parse(res.body).data.events.map((e: OddsEventDto) => e.name)).toEqual(['Arsenal vs Chelsea']);
    } finally {
      await t.close();
    }
  });
});
