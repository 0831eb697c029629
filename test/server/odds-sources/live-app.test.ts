/**
 * ODDS_FEED=live inside the server: the collector polls a local fixture server (kick-offs moved
 * so its matches are upcoming), the odds answers say `"source": "live"` with all five books on
 * every match, and GET /api/odds/sources (public) reports each book's health; on both databases.
 */
import { Value } from '@sinclair/typebox/value';
import { SourcesResponse } from '@shared/contract/sources';
import { oddsSourcesOf } from '../../../src/server/core/odds-sources-config';
import {
  type BookFixtureServer,
  fixtureServerEnv,
  shiftToNow,
  startBookFixtureServer,
} from '../../../scripts/lib/book-fixture-server';
import { databasesUnderTest } from '../support/databases';
import { buildTestApp, type TestApp } from '../support/test-app';

describe.each(databasesUnderTest())('ODDS_FEED=live in the server on $name', (target) => {
  let server: BookFixtureServer;
  let t: TestApp;

  beforeAll(async () => {
    server = await startBookFixtureServer({ shiftMs: shiftToNow(Date.now()) });
    const oddsSources = oddsSourcesOf(fixtureServerEnv(server.url), null);
    t = await buildTestApp({ oddsFeed: 'live', oddsSources }, { database: target, smtp: false });
    await t.app.odds.live?.stop(); // the test drives the polls
    await t.app.odds.live?.pollAll();
  });

  afterAll(async () => {
    await t.close();
    await server.close();
  });

  it('lists the fixtures’ upcoming matches with all five books, labelled live', async () => {
    const summary = await t.app.inject({ url: '/api/odds/summary?country=1' });
    expect(summary.statusCode).toBe(200);
    expect(summary.json().data).toMatchObject({ source: 'live', numBookmakers: 5, numEvents: 10 });
    const sample = await t.app.inject({ url: '/api/odds/sample?country=1' });
    expect(sample.json().data.source).toBe('live');
    for (const event of sample.json().data.events as Array<{ markets: Array<{ odds: unknown[] }> }>) {
      expect(event.markets[0]?.odds).toHaveLength(5);
    }
  });

  it('reports every book ok at GET /api/odds/sources, without a session', async () => {
    const response = await t.app.inject({ url: '/api/odds/sources' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Value.Check(SourcesResponse, body)).toBe(true);
    const sources = body.data.sources as Array<{ providerId: number; name: string; state: string; leagues: unknown[] }>;
    expect(sources.map((s) => [s.providerId, s.name, s.state, s.leagues.length])).toEqual([
      [1, 'Bet9ja', 'ok', 4],
      [2, 'BetKing', 'ok', 4],
      [3, 'SportyBet', 'ok', 4],
      [4, 'NairaBet', 'ok', 4],
      [5, '1xBet', 'ok', 4],
    ]);
  });
});

describe('GET /api/odds/sources without a collector', () => {
  it('reports every book off', async () => {
    const t = await buildTestApp({}, { smtp: false });
    try {
      const response = await t.app.inject({ url: '/api/odds/sources' });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.sources.map((s: { state: string }) => s.state)).toEqual([
        'off',
        'off',
        'off',
        'off',
        'off',
      ]);
    } finally {
      await t.close();
    }
  });
});
