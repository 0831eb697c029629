import { MARKETS, PROVIDERS, COMPETITIONS } from '@shared/lookups';
import type { Db } from '../../../src/server/core/db/connect';
import { BatchRejectedError, ingestBatch } from '../../../src/server/modules/odds/ingest/ingest-pipeline';
import { pruneBefore } from '../../../src/server/modules/odds/events.repository';
import { loadUpcoming } from '../../../src/server/modules/odds/prices.repository';
import type { IngestSource } from '../../../src/shared/contract/ingest';
import { createTestDatabase, databasesUnderTest, type TestDatabase } from '../support/databases';
import { goodBatch, otherProviderBatch } from './support/batches';

const T0 = Date.parse('2030-03-10T12:00:00Z');

async function counts(db: Db) {
  const count = async (table: 'events' | 'current_prices' | 'price_history' | 'event_external_ids') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const version = await db.selectFrom('odds_version').select('version').executeTakeFirstOrThrow();
  return {
    events: await count('events'),
    prices: await count('current_prices'),
    history: await count('price_history'),
    externalIds: await count('event_external_ids'),
    version: Number(version.version),
  };
}

async function pricesOf(db: Db, providerId: number) {
  const rows = await db
    .selectFrom('current_prices')
    .innerJoin('events', 'events.id', 'current_prices.event_id')
    .select(['events.home', 'market_id', 'selection_id', 'value', 'previous_value', 'changed_at', 'boosted'])
    .where('provider_id', '=', providerId)
    .orderBy('events.home')
    .orderBy('market_id')
    .orderBy('selection_id')
    .execute();
  return rows.map((r) => ({
    home: r.home,
    market: Number(r.market_id),
    selection: Number(r.selection_id),
    value: r.value === null ? null : Number(r.value),
    previous: r.previous_value === null ? null : Number(r.previous_value),
    changedAt: Number(r.changed_at),
    boosted: Number(r.boosted),
  }));
}

describe.each(databasesUnderTest())('ingest pipeline on $name', (target) => {
  let database: TestDatabase;
  let db: Db;
  let clock = T0;
  const ingest = (batch: unknown, source: IngestSource = 'import') =>
    ingestBatch(db, batch, { source, now: () => clock });

  beforeEach(async () => {
    database = await createTestDatabase(target);
    db = database.db;
    clock = T0;
  });
  afterEach(async () => database.drop());

  it('seeds the lookups of docs/product.md#entities', async () => {
    expect((await db.selectFrom('providers').selectAll().orderBy('id').execute()).map((p) => p.name)).toEqual(
      Object.values(PROVIDERS),
    );
    expect((await db.selectFrom('competitions').select('name').orderBy('id').execute()).map((c) => c.name)).toEqual(
      COMPETITIONS.map((c) => c.name),
    );
    const markets = await db.selectFrom('markets').selectAll().orderBy('id').execute();
    expect(markets.map((m) => [m.name, m.selections])).toEqual(MARKETS.map((m) => [m.name, m.selections.join(',')]));
  });

  it('creates events and prices, records the run and raises the version', async () => {
    const run = await ingest(goodBatch());
    expect(run).toMatchObject({
      status: 'applied',
      source: 'import',
      provider: 1,
      version: 1,
      events: { seen: 2, created: 2 },
      prices: { seen: 8, changed: 8, withdrawn: 0 },
    });
    expect(await counts(db)).toEqual({ events: 2, prices: 8, history: 8, externalIds: 2, version: 1 });
    const stored = await db.selectFrom('ingest_runs').selectAll().where('id', '=', run.id).executeTakeFirstOrThrow();
    expect(stored.status).toBe('applied');
    const event = await db.selectFrom('events').selectAll().where('home', '=', 'Manchester United').executeTakeFirst();
    expect(event).toMatchObject({ away: 'Fulham', competition_id: 1, country_id: 1, source: 'live' });
    expect(event?.id).toMatch(/^evt_[0-9a-f]{16}$/);
  });

  it('writes only what changed, keeps the previous price, and appends history', async () => {
    await ingest(goodBatch());
    clock += 60_000;
    const next = goodBatch({ fetchedAt: '2030-03-10T12:01:00Z' });
    next.events[0]!.markets[0]!.prices[0]!.value = 1.9; // Arsenal home 1.83 → 1.90
    next.events[0]!.markets[0]!.prices[2] = { selection: 3, value: 4.2, boosted: true }; // boost on, same price
    const run = await ingest(next);
    expect(run.prices).toEqual({ seen: 8, changed: 2, withdrawn: 0 });
    expect(await counts(db)).toMatchObject({ prices: 8, history: 10, version: 2 });
    const arsenal = (await pricesOf(db, 1)).filter((p) => p.home === 'Arsenal' && p.market === 1);
    expect(arsenal[0]).toMatchObject({ value: 1.9, previous: 1.83, changedAt: Date.parse('2030-03-10T12:01:00Z') });
    // A boost switched on without a price move keeps the time of the last move.
    expect(arsenal[2]).toMatchObject({
      value: 4.2,
      previous: null,
      boosted: 1,
      changedAt: Date.parse(next.fetchedAt) - 60_000,
    });
    // The same batch again changes nothing.
    const again = await ingest(next);
    expect(again.prices.changed + again.prices.withdrawn).toBe(0);
    expect((await counts(db)).history).toBe(10);
  });

  it('withdraws a missing price of a listed market and leaves unlisted markets and events alone', async () => {
    await ingest(goodBatch());
    const next = goodBatch({ events: [goodBatch().events[0]!] });
    next.events[0]!.markets = [
      {
        market: 1,
        prices: [
          { selection: 1, value: 1.83 },
          { selection: 3, value: 4.2 },
        ],
      },
    ];
    const run = await ingest(next);
    expect(run.prices).toEqual({ seen: 2, changed: 0, withdrawn: 1 });
    const rows = await pricesOf(db, 1);
    expect(rows.filter((r) => r.home === 'Arsenal' && r.market === 1).map((r) => r.value)).toEqual([1.83, null, 4.2]);
    expect(rows.filter((r) => r.home === 'Arsenal' && r.market === 4).map((r) => r.value)).toEqual([2.0, 1.8]);
    expect(rows.filter((r) => r.home === 'Manchester United').map((r) => r.value)).toEqual([1.6, 4.2, 5.25]);
    // A withdrawn price that comes back shows its direction against the last real price.
    next.events[0]!.markets[0]!.prices.push({ selection: 2, value: 3.75 });
    await ingest(next);
    const draw = (await pricesOf(db, 1)).find((r) => r.home === 'Arsenal' && r.market === 1 && r.selection === 2);
    expect(draw).toMatchObject({ value: 3.75, previous: 3.6 });
  });

  it('matches the same matches across providers by competition, aliases and kick-off tolerance', async () => {
    await ingest(goodBatch());
    const run = await ingest(otherProviderBatch());
    expect(run.events).toEqual({ seen: 2, created: 0 });
    expect(await counts(db)).toMatchObject({ events: 2, externalIds: 4 });
    // Beyond the tolerance it is another match.
    const far = otherProviderBatch({ provider: 4 });
    far.events = [{ ...far.events[0]!, externalId: 'nb-1', kickoff: '2030-03-23T13:30:00Z' }];
    expect((await ingest(far)).events.created).toBe(1);
  });

  it('lists only scheduled matches: a reported postponement hides the match for every bookmaker until one says scheduled', async () => {
    const listed = async () => (await loadUpcoming(db, clock)).events.map((e) => `${e.home} v ${e.away}`).sort();
    const status = async (home: string) =>
      (await db.selectFrom('events').select('status').where('home', '=', home).executeTakeFirstOrThrow()).status;
    await ingest(goodBatch());
    await ingest(otherProviderBatch());
    expect(await listed()).toEqual(['Arsenal v Chelsea', 'Manchester United v Fulham']);

    // 1XBet, which knows the match by its own id, reports it postponed.
    const postponed = otherProviderBatch({ fetchedAt: '2030-03-10T12:05:00Z' });
    postponed.events = [{ ...postponed.events[0]!, status: 'postponed' }];
    clock += 5 * 60_000;
    await ingest(postponed);
    expect(await status('Arsenal')).toBe('postponed');
    expect(await listed()).toEqual(['Manchester United v Fulham']);
    const prices = (await loadUpcoming(db, clock)).prices;
    expect(new Set(prices.map((p) => p.eventId)).size).toBe(1);

    // Bet9ja keeps sending the match without a status: it stays off the lists, its prices kept.
    clock += 60_000;
    await ingest(goodBatch({ fetchedAt: '2030-03-10T12:06:00Z' }));
    expect(await listed()).toEqual(['Manchester United v Fulham']);
    expect((await pricesOf(db, 1)).filter((r) => r.home === 'Arsenal')).toHaveLength(5);

    // Rescheduled a week later: a batch saying scheduled with the new kick-off lists it again.
    const back = goodBatch({ fetchedAt: '2030-03-10T12:07:00Z' });
    back.events = [{ ...back.events[0]!, status: 'scheduled', kickoff: '2030-03-23T13:30:00Z' }];
    clock += 60_000;
    await ingest(back);
    expect(await status('Arsenal')).toBe('scheduled');
    const arsenal = (await loadUpcoming(db, clock)).events.find((e) => e.home === 'Arsenal');
    expect(arsenal?.kickoffAt).toBe(Date.parse('2030-03-23T13:30:00Z'));
  });

  it('stores a new match reported cancelled without listing it, matches it across bookmakers (one of them lists it again), and rejects unknown statuses', async () => {
    const cancelled = goodBatch();
    cancelled.events = [{ ...cancelled.events[1]!, status: 'cancelled' }];
    expect((await ingest(cancelled)).events).toEqual({ seen: 1, created: 1 });
    // Another bookmaker's batch, without a status, lands on the same (cancelled) match.
    const other = otherProviderBatch();
    other.events = [other.events[1]!];
    expect((await ingest(other)).events).toEqual({ seen: 1, created: 0 });
    expect((await loadUpcoming(db, clock)).events).toEqual([]);
    // A bookmaker new to the match (matched by names and kick-off, not by an id) says it is on.
    const sporty = otherProviderBatch({ provider: 3 });
    sporty.events = [{ ...sporty.events[1]!, externalId: 'sb-78', status: 'scheduled' }];
    expect((await ingest(sporty)).events).toEqual({ seen: 1, created: 0 });
    expect((await loadUpcoming(db, clock)).events.map((e) => e.home)).toEqual(['Manchester United']);

    const before = await counts(db);
    const bad = goodBatch();
    (bad.events[0] as { status?: string }).status = 'abandoned';
    const error = await ingest(bad).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BatchRejectedError);
    expect((error as BatchRejectedError).details).toEqual([
      { field: 'events[0].status', message: 'must be one of scheduled, postponed, cancelled' },
    ]);
    expect(await counts(db)).toEqual(before);
  });

  it('rejects a bad batch whole: nothing changes, and a rejected run says why', async () => {
    await ingest(goodBatch());
    const before = await counts(db);
    const bad = goodBatch();
    bad.events[0]!.markets[0]!.prices[0]!.value = 1.95; // a good change…
    bad.events[1]!.markets[0]!.prices[1]!.value = 0.99; // …and a bad price in the same batch
    const error = await ingest(bad).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BatchRejectedError);
    expect((error as BatchRejectedError).details).toEqual([
      { field: 'events[1].markets[0].prices[1].value', message: 'must be a finite decimal price above 1.0' },
    ]);
    expect(await counts(db)).toEqual(before);
    const run = await db
      .selectFrom('ingest_runs')
      .selectAll()
      .where('status', '=', 'rejected')
      .executeTakeFirstOrThrow();
    expect(run.error).toContain('events[1].markets[0].prices[1].value');
    expect(run.version).toBeNull();
  });

  it('rejects a batch naming one match twice, found only while matching, without a trace in the data', async () => {
    await ingest(goodBatch());
    const before = await counts(db);
    const twice = otherProviderBatch();
    twice.events[1] = { ...twice.events[0]!, externalId: '1x-99', home: 'Arsenal', away: 'Chelsea' };
    const error = (await ingest(twice).catch((e: unknown) => e)) as BatchRejectedError;
    expect(error).toBeInstanceOf(BatchRejectedError);
    expect(error.details[0]).toEqual({ field: 'events[1]', message: 'is the same match as events[0]' });
    expect(await counts(db)).toEqual(before);
  });

  it('rolls back everything when the database fails mid-batch, and records a failed run', async () => {
    const before = await counts(db);
    const failing = ingestBatch(db, goodBatch(), {
      source: 'push',
      now: () => clock,
      beforeCommit: async () => {
        throw new Error('disk full');
      },
    });
    await expect(failing).rejects.toThrow('disk full');
    expect(await counts(db)).toEqual(before);
    const run = await db.selectFrom('ingest_runs').selectAll().executeTakeFirstOrThrow();
    expect(run).toMatchObject({ status: 'failed', error: 'disk full', source: 'push' });
  });

  it('marks events the demo feed created as demo data', async () => {
    await ingest(goodBatch(), 'demo');
    const sources = await db.selectFrom('events').select('source').distinct().execute();
    expect(sources.map((s) => s.source)).toEqual(['demo']);
  });

  it('prunes matches long kicked off with everything that hangs on them, and old runs', async () => {
    await ingest(goodBatch());
    clock = Date.parse('2030-03-16T15:00:00Z');
    await ingest(otherProviderBatch());
    // Between the two kick-offs: Arsenal v Chelsea goes, Man United v Fulham stays.
    const pruned = await pruneBefore(db, Date.parse('2030-03-16T14:00:00Z'));
    expect(pruned).toEqual({ events: 1, runs: 1 });
    expect(await counts(db)).toMatchObject({ events: 1, externalIds: 2, prices: 6, history: 6 });
  });
});
