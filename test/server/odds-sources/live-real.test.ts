/**
 * The live check end to end, on each database: the app with ODDS_FEED=live polls the fixture
 * server over HTTP while it serves the books' real answers of our leagues (kick-offs moved by
 * the time since each was read; an answer that lists other competitions' matches answers as the
 * book's empty league). `GET /api/odds` lists each real match once, with the prices of every
 * book whose answer lists it, and `GET /api/odds/sources` reports every book ok with no name
 * matching could not place.
 *
 * What each answer lists is read here from the answers themselves, fetched from the fixture
 * server as the collector fetches them: names and kick-offs (the Sportradar id where a book
 * gives one) decide which listings are one match, and each book's 1X2 prices are compared.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MATCH_RESULT_MARKET_ID } from '@shared/lookups';
import type { OddsListDto } from '@shared/contract/odds';
import { oddsSourcesOf } from '../../../src/server/core/odds-sources-config';
import { BOOK_ADAPTERS } from '../../../src/server/modules/odds/sources';
import {
  BOOK_FIXTURES,
  type BookFixtureServer,
  fixtureServerEnv,
  startBookFixtureServer,
} from '../../../scripts/lib/book-fixture-server';
import { type DatabaseUnderTest, databasesUnderTest } from '../support/databases';
import { buildTestApp, type TestApp } from '../support/test-app';
import { getOdds, mintToken } from '../odds/support/odds-client';

jest.setTimeout(60_000);

interface Listing {
  provider: number;
  competition: number;
  home: string;
  away: string;
  kickoff: number;
  sportradarId?: string;
  /** 1X2 prices by selection (1 home, 2 draw, 3 away), as listed. */
  x12: Array<number | null>;
}

interface SourceDto {
  providerId: number;
  state: string;
  unmatched: { listings: number; names: unknown[] };
  ambiguous: { listings: number; names: unknown[] };
  leagues: Array<{ competitionId: number; events: number }>;
}

/** What every book's league calls answer, fetched from the fixture server as the collector fetches them. */
async function readListings(server: BookFixtureServer): Promise<Listing[]> {
  const listings: Listing[] = [];
  for (const adapter of BOOK_ADAPTERS) {
    for (const request of adapter.requests({ baseUrl: server.url })) {
      for (let page = 1; page <= 5; page += 1) {
        const pageRequest = adapter.request(request.competition, { baseUrl: server.url, page });
        if (!pageRequest) break;
        const response = await fetch(pageRequest.url, { headers: pageRequest.headers });
        const parsed = adapter.parse(
          { status: response.status, body: await response.text() },
          { competition: request.competition, fetchedAt: Date.now() },
        );
        expect(parsed.ok).toBe(true);
        for (const event of parsed.batch.events) {
          const x12 = event.markets.find((m) => m.market === MATCH_RESULT_MARKET_ID)?.prices ?? [];
          listings.push({
            provider: adapter.provider,
            competition: request.competition,
            home: event.home,
            away: event.away,
            kickoff: Date.parse(event.kickoff),
            ...(event.sportradarId ? { sportradarId: event.sportradarId } : {}),
            x12: [1, 2, 3].map((s) => x12.find((p) => p.selection === s)?.value ?? null),
          });
        }
        if (!adapter.paged || parsed.batch.events.length === 0) break;
      }
    }
  }
  return listings;
}

/**
 * Listings are one match when their Sportradar ids agree, else when competition, names and
 * kick-off (±15 min) agree. Only matches not yet started are listed.
 */
function realMatches(listings: readonly Listing[], now: number): Listing[][] {
  const matches: Listing[][] = [];
  for (const listing of listings.filter((l) => l.kickoff > now)) {
    const same = matches.find((group) =>
      group.some((other) =>
        listing.sportradarId && other.sportradarId
          ? listing.sportradarId === other.sportradarId
          : other.competition === listing.competition &&
            other.home === listing.home &&
            other.away === listing.away &&
            Math.abs(other.kickoff - listing.kickoff) <= 15 * 60_000,
      ),
    );
    if (same) same.push(listing);
    else matches.push([listing]);
  }
  return matches;
}

/** Each match once in the 1X2 list of its competition, with the 1X2 prices of every book listing it. */
async function expectEachMatchOnce(t: TestApp, matches: readonly Listing[][]): Promise<void> {
  const token = await mintToken(t.app);
  for (const competition of [1, 2, 3, 4]) {
    const response = await getOdds(t.app, token, {
      country: '1',
      competition: String(competition),
      market: String(MATCH_RESULT_MARKET_ID),
    });
    expect(response.statusCode).toBe(200);
    const { events, source } = (response.json() as { data: OddsListDto }).data;
    // The 1X2 list shows the matches some book prices 1X2 for.
    const expected = matches.filter(
      (group) => group[0]!.competition === competition && group.some((l) => l.x12.some((v) => v !== null)),
    );
    expect(events).toHaveLength(expected.length);
    if (expected.length > 0) expect(source).toBe('live');
    for (const group of expected) {
      // A match's name is one of its listings' (the first book to list it names it).
      const listed = events.filter((e) => group.some((l) => e.name === `${l.home} vs ${l.away}`));
      expect(listed).toHaveLength(1);
      const rows = listed[0]!.markets[0]!.odds.filter((r) => r.odds.some((o) => o.value !== null));
      expect(Object.fromEntries(rows.map((r) => [r.providerId, r.odds.map((o) => o.value)]))).toEqual(
        Object.fromEntries(group.filter((l) => l.x12.some((v) => v !== null)).map((l) => [l.provider, l.x12])),
      );
    }
  }
}

async function liveApp(server: BookFixtureServer, target: DatabaseUnderTest): Promise<TestApp> {
  const oddsSources = oddsSourcesOf(fixtureServerEnv(server.url), null);
  const t = await buildTestApp({ oddsFeed: 'live', oddsSources }, { database: target, smtp: false });
  await t.app.odds.live?.stop(); // the test drives the poll
  await t.app.odds.live?.pollAll();
  return t;
}

describe.each(databasesUnderTest())('ODDS_FEED=live on the real answers, on $name', (target) => {
  let server: BookFixtureServer;
  let t: TestApp;
  let listings: Listing[] = [];

  beforeAll(async () => {
    server = await startBookFixtureServer({ set: 'real', leagueAnswersOnly: true });
    listings = await readListings(server);
    t = await liveApp(server, target);
  });

  afterAll(async () => {
    await t.close();
    await server.close();
  });

  it('reads real matches of our leagues from at least three books', () => {
    expect(new Set(listings.map((l) => l.provider)).size).toBeGreaterThanOrEqual(3);
    // The Premier League answers of SportyBet, BetKing and NairaBet are real (see each README).
    const sporty = JSON.parse(
      readFileSync(join(BOOK_FIXTURES, 'sportybet/real/pcUpcomingEvents_amen_page1.EXCERPT.json'), 'utf8'),
    ) as { data: { tournaments: Array<{ events: Array<{ eventId: string }> }> } };
    const ids = sporty.data.tournaments.flatMap((x) => x.events.map((e) => e.eventId.replace('sr:match:', '')));
    expect(listings.filter((l) => l.provider === 3).map((l) => l.sportradarId)).toEqual(ids);
  });

  it('lists each real match once, with the 1X2 prices of every book that lists it', async () => {
    const matches = realMatches(listings, t.app.now());
    expect(matches.length).toBeGreaterThan(0);
    await expectEachMatchOnce(t, matches);
  });

  it('reports every book ok at GET /api/odds/sources, with no unmatched or ambiguous name', async () => {
    const response = await t.app.inject({ url: '/api/odds/sources' });
    expect(response.statusCode).toBe(200);
    const sources = (response.json() as { data: { sources: SourceDto[] } }).data.sources;
    expect(sources.map((s) => [s.providerId, s.state])).toEqual([
      [1, 'ok'],
      [2, 'ok'],
      [3, 'ok'],
      [4, 'ok'],
      [5, 'ok'],
    ]);
    for (const source of sources) {
      expect([source.providerId, source.unmatched, source.ambiguous]).toEqual([
        source.providerId,
        { listings: 0, names: [] },
        { listings: 0, names: [] },
      ]);
      const counted = source.leagues.reduce((n, l) => n + l.events, 0);
      expect(counted).toBe(listings.filter((l) => l.provider === source.providerId).length);
    }
  });
});

describe.each(databasesUnderTest())('ODDS_FEED=live on every real answer (--all), on $name', (target) => {
  let server: BookFixtureServer;
  let t: TestApp;

  afterAll(async () => {
    await t?.close();
    await server?.close();
  });

  it('lists each match of the captures of other competitions once too; one match at two books by its Sportradar id', async () => {
    server = await startBookFixtureServer({ set: 'real' });
    const listings = await readListings(server);
    t = await liveApp(server, target);
    const matches = realMatches(listings, t.app.now());
    // Bet9ja's event 769895636 and SportyBet's sr:match:68995116 (names spelt apart) are one match.
    const pair = matches.find((group) => group.some((l) => l.sportradarId === '68995116'));
    expect(pair?.map((l) => l.provider).sort()).toEqual([1, 3]);
    await expectEachMatchOnce(t, matches);
  });
});
