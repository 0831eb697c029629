/**
 * Exact cross-book identity through the ingest pipeline, on both databases: a Sportradar id
 * decides that two books' listings are one match whatever their names (and wins over a name
 * match with another id), names and kick-off decide only without it; ambiguous listings are left
 * out; unmatched and ambiguous names are reported per book by GET /api/odds/sources; an alias
 * added to the data file joins a match listed apart at the next batch, without a restart.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Value } from '@sinclair/typebox/value';
import type { FeedBatch, FeedEvent } from '@shared/contract/ingest';
import { SourcesResponse, type SourceHealthDto } from '@shared/contract/sources';
import type { Db } from '../../../src/server/core/db/connect';
import { ingestBatch } from '../../../src/server/modules/odds/ingest/ingest-pipeline';
import { CLUB_ALIASES_FILE } from '../../../src/server/modules/odds/sources/club-aliases';
import { CROSS_BOOK_TOLERANCE_MS } from '../../../src/server/modules/odds/sources/cross-book-matcher';
import { databasesUnderTest } from '../support/databases';
import { buildTestApp, type TestApp } from '../support/test-app';

const HOUR = 60 * 60_000;

describe.each(databasesUnderTest())('cross-book identity on $name', (target) => {
  let t: TestApp;
  let db: Db;
  let dir: string;
  let aliases: string;
  const before = process.env.ODDS_ALIASES_FILE;
  const kickoff = () => new Date(Date.now() + 48 * HOUR).toISOString();
  const later = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'identity-'));
    aliases = join(dir, 'club-aliases.txt');
    copyFileSync(CLUB_ALIASES_FILE, aliases);
    process.env.ODDS_ALIASES_FILE = aliases;
    t = await buildTestApp({}, { database: target, smtp: false });
    db = t.app.db;
  });

  afterEach(async () => {
    await t.close();
    if (before === undefined) delete process.env.ODDS_ALIASES_FILE;
    else process.env.ODDS_ALIASES_FILE = before;
    rmSync(dir, { recursive: true, force: true });
  });

  const listing = (
    externalId: string,
    home: string,
    away: string,
    at: string,
    extra: Partial<FeedEvent> = {},
    price = 2.1,
  ): FeedEvent => ({
    externalId,
    competition: 1,
    home,
    away,
    kickoff: at,
    markets: [
      {
        market: 1,
        prices: [
          { selection: 1, value: price },
          { selection: 2, value: 3.4 },
          { selection: 3, value: 3.6 },
        ],
      },
    ],
    ...extra,
  });
  const ingest = (provider: number, events: FeedEvent[]) =>
    ingestBatch(db, { provider, country: 1, fetchedAt: new Date().toISOString(), events } satisfies FeedBatch, {
      source: 'live',
      now: () => Date.now(),
      matchToleranceMs: CROSS_BOOK_TOLERANCE_MS,
    });
  /** Events with at least one current price, each with its providers, Sportradar id and names. */
  const listed = async () => {
    const rows = await db
      .selectFrom('current_prices')
      .innerJoin('events', 'events.id', 'current_prices.event_id')
      .select(['events.id', 'events.home', 'events.away', 'events.sportradar_id', 'current_prices.provider_id'])
      .where('current_prices.value', 'is not', null)
      .execute();
    const byEvent = new Map<string, { home: string; away: string; sportradarId: string | null; providers: number[] }>();
    for (const r of rows) {
      const entry = byEvent.get(r.id) ?? { home: r.home, away: r.away, sportradarId: r.sportradar_id, providers: [] };
      if (!entry.providers.includes(Number(r.provider_id))) entry.providers.push(Number(r.provider_id));
      byEvent.set(r.id, entry);
    }
    return [...byEvent.values()].map((e) => ({ ...e, providers: e.providers.sort() }));
  };
  const sources = async (): Promise<SourceHealthDto[]> => {
    const response = await t.app.inject({ url: '/api/odds/sources' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Value.Check(SourcesResponse, body)).toBe(true);
    return body.data.sources as SourceHealthDto[];
  };

  it('makes listings with one Sportradar id one match whatever their names and kick-offs, and stores the id', async () => {
    const at = kickoff();
    await ingest(3, [listing('sr:match:61300505', 'Leeds United', 'Burnley', at, { sportradarId: '61300505' })]);
    // Names the table does not know, 40 minutes apart: the id alone decides.
    await ingest(1, [
      listing('769895636', 'L. Utd Whites', 'Clarets FC', later(at, 40 * 60_000), { sportradarId: '61300505' }),
    ]);
    await ingest(2, [listing('1003633555', 'Leeds', 'Burnley', at, { sportradarId: '61300505' })]);
    expect(await listed()).toEqual([
      { home: 'Leeds United', away: 'Burnley', sportradarId: '61300505', providers: [1, 2, 3] },
    ]);
    const indexed = await db.selectFrom('events').select('id').where('sportradar_id', '=', '61300505').execute();
    expect(indexed).toHaveLength(1);
  });

  it('lets names decide without an id, and the id wins over a name match with another id', async () => {
    const at = kickoff();
    await ingest(4, [listing('n-1', 'Leeds', 'Burnley FC', at)]);
    // SportyBet's listing joins by names and gives the match its id.
    await ingest(3, [
      listing('sr:match:100', 'Leeds United', 'Burnley', later(at, 5 * 60_000), { sportradarId: '100' }),
    ]);
    // Same names and kick-off, another id: another match, never the one with id 100.
    await ingest(2, [listing('bk-7', 'Leeds', 'Burnley', at, { sportradarId: '200' })]);
    // Without an id, two events fit by name with different ids: ambiguous, left out and reported.
    await ingest(5, [listing('x-9', 'Leeds Utd', 'Burnley', at)]);
    expect(await listed()).toEqual(
      expect.arrayContaining([
        { home: 'Leeds United', away: 'Burnley', sportradarId: '100', providers: [3, 4] },
        { home: 'Leeds United', away: 'Burnley', sportradarId: '200', providers: [2] },
      ]),
    );
    expect(await listed()).toHaveLength(2);
    const onexbet = (await sources()).find((s) => s.providerId === 5);
    expect(onexbet?.ambiguous).toEqual({
      listings: 1,
      names: [
        {
          name: 'Leeds Utd - Burnley',
          competitionId: 1,
          listings: 1,
          example: 'Leeds Utd - Burnley',
          candidates: expect.arrayContaining([expect.stringMatching(/^Leeds United vs Burnley, /)]),
        },
      ],
    });
  });

  it('moves a listing whose Sportradar id names another match, taking its prices off the event it left', async () => {
    const at = kickoff();
    await ingest(3, [listing('sr:match:300', 'Everton', 'Liverpool', at, { sportradarId: '300' })]);
    await ingest(4, [listing('n-2', 'Everton', 'Liverpool', later(at, 10 * 60_000))]);
    expect(await listed()).toEqual([{ home: 'Everton', away: 'Liverpool', sportradarId: '300', providers: [3, 4] }]);
    // Bet9ja first lists it without an id: joined by names.
    await ingest(1, [listing('b9-1', 'Everton FC', 'Liverpool FC', at)]);
    // Then its per-event call gives another id: the id wins, it is another match.
    await ingest(1, [listing('b9-1', 'Everton FC', 'Liverpool FC', at, { sportradarId: '301' })]);
    expect(await listed()).toEqual(
      expect.arrayContaining([
        { home: 'Everton', away: 'Liverpool', sportradarId: '300', providers: [3, 4] },
        { home: 'Everton', away: 'Liverpool', sportradarId: '301', providers: [1] },
      ]),
    );
    expect(await listed()).toHaveLength(2);
  });

  it('leaves out a name that can mean two clubs of one city and reports it, never merging it', async () => {
    const at = kickoff();
    await ingest(3, [listing('sr:match:400', 'Manchester United', 'Chelsea', at)]);
    const run = await ingest(2, [
      listing('bk-4', 'Manchester', 'Chelsea', at),
      listing('bk-5', 'Arsenal', 'Spurs', at),
    ]);
    expect(run.prices.seen).toBe(3);
    expect(await listed()).toEqual(
      expect.arrayContaining([
        { home: 'Manchester United', away: 'Chelsea', sportradarId: null, providers: [3] },
        { home: 'Arsenal', away: 'Tottenham Hotspur', sportradarId: null, providers: [2] },
      ]),
    );
    const betking = (await sources()).find((s) => s.providerId === 2);
    expect(betking?.ambiguous.names).toEqual([
      {
        name: 'Manchester',
        competitionId: 1,
        listings: 1,
        example: 'Manchester - Chelsea',
        candidates: ['Manchester City', 'Manchester United'],
      },
    ]);
    expect(betking?.unmatched).toEqual({ listings: 0, names: [] });
  });

  it('reports an unmatched name per book, and an alias added to the file joins the match at the next batch', async () => {
    const at = kickoff();
    await ingest(4, [listing('n-3', 'Leeds United', 'Burnley', at), listing('n-4', 'Chelsea', 'Arsenal', at)]);
    await ingest(1, [
      listing('b9-3', 'Lds Whites', 'Burnley', at, {}, 2.2),
      listing('b9-4', 'Lds Whites', 'Burnley Reserves', later(at, 3 * HOUR)),
      listing('b9-5', 'Chelsea', 'Arsenal', at),
    ]);
    expect(await listed()).toHaveLength(4);
    const bet9ja = (await sources()).find((s) => s.providerId === 1);
    expect(bet9ja?.unmatched).toEqual({
      listings: 3,
      names: [
        { name: 'Lds Whites', competitionId: 1, listings: 2, example: 'Lds Whites - Burnley', candidates: [] },
        {
          name: 'Burnley Reserves',
          competitionId: 1,
          listings: 1,
          example: 'Lds Whites - Burnley Reserves',
          candidates: [],
        },
      ],
    });
    expect((await sources()).find((s) => s.providerId === 4)?.unmatched).toEqual({ listings: 0, names: [] });

    // The maintainer adds one line; the running process reads it at the next batch.
    writeFileSync(aliases, `${readFileSync(aliases, 'utf8')}\n1 | Leeds United | Lds Whites\n`);
    utimesSync(aliases, new Date(), new Date(Date.now() + 2_000));
    const run = await ingest(1, [
      listing('b9-3', 'Lds Whites', 'Burnley', at, {}, 2.2),
      listing('b9-4', 'Lds Whites', 'Burnley Reserves', later(at, 3 * HOUR)),
      listing('b9-5', 'Chelsea', 'Arsenal', at),
    ]);
    expect(run.prices.withdrawn).toBe(3);
    const now = await listed();
    expect(now).toEqual(
      expect.arrayContaining([
        { home: 'Leeds United', away: 'Burnley', sportradarId: null, providers: [1, 4] },
        { home: 'Chelsea', away: 'Arsenal', sportradarId: null, providers: [1, 4] },
      ]),
    );
    expect(now.filter((e) => e.away === 'Burnley')).toHaveLength(1);
    const price = await db
      .selectFrom('current_prices')
      .innerJoin('events', 'events.id', 'current_prices.event_id')
      .select('value')
      .where('events.home', '=', 'Leeds United')
      .where('provider_id', '=', 1)
      .where('selection_id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(Number(price.value)).toBe(2.2);
    const report = (await sources()).find((s) => s.providerId === 1);
    expect(report?.unmatched.names.map((n) => n.name)).toEqual(['Burnley Reserves']);
  });
});
