/**
 * SQL of the odds engine (docs/architecture.md §1: only repositories hold SQL). Plain functions taking the
 * database or a transaction first; rows come back in the shapes the pipeline and the
 * snapshot use. Large `IN` lists and inserts go in chunks to stay under both databases'
 * bound-parameter limits.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../database';
import type { CurrentPrice } from './current-price';
import type { EventStatus } from '@shared/contract/ingest';
import type { EventsTable } from './odds.tables';
import type { UpcomingEvent } from './upcoming-event';

type Executor = Kysely<Database> | Transaction<Database>;

const CHUNK = 400;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export async function readOddsVersion(db: Executor): Promise<number> {
  const row = await db.selectFrom('odds_version').select('version').where('id', '=', 1).executeTakeFirst();
  return Number(row?.version ?? 0);
}

/**
 * Raises the odds version and returns it. Run first in an ingest transaction: the row lock
 * (PostgreSQL) or write lock (SQLite) it takes serializes concurrent batches, so each diff
 * sees the prices the previous batch committed.
 */
export async function bumpOddsVersion(trx: Executor, now: number): Promise<number> {
  await trx
    .updateTable('odds_version')
    .set((eb) => ({ version: eb('version', '+', 1), updated_at: now }))
    .where('id', '=', 1)
    .execute();
  return readOddsVersion(trx);
}

export async function findExternalIds(
  db: Executor,
  providerId: number,
  externalIds: readonly string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const part of chunks(externalIds)) {
    const rows = await db
      .selectFrom('event_external_ids')
      .select(['external_id', 'event_id'])
      .where('provider_id', '=', providerId)
      .where('external_id', 'in', part)
      .execute();
    for (const row of rows) found.set(row.external_id, row.event_id);
  }
  return found;
}

export type EventRow = EventsTable;

export async function findEventsByIds(db: Executor, ids: readonly string[]): Promise<EventRow[]> {
  const rows: EventRow[] = [];
  for (const part of chunks(ids)) {
    rows.push(...(await db.selectFrom('events').selectAll().where('id', 'in', part).execute()));
  }
  return rows;
}

/** A country's events of the given competitions kicking off within [from, to] — the matcher's candidates. */
export async function findEventsBetween(
  db: Executor,
  countryId: number,
  competitionIds: readonly number[],
  from: number,
  to: number,
): Promise<EventRow[]> {
  if (competitionIds.length === 0) return [];
  return db
    .selectFrom('events')
    .selectAll()
    .where('country_id', '=', countryId)
    .where('competition_id', 'in', competitionIds)
    .where('kickoff_at', '>=', from)
    .where('kickoff_at', '<=', to)
    .execute();
}

export async function insertEvents(db: Executor, rows: readonly EventRow[]): Promise<void> {
  for (const part of chunks(rows, 100)) await db.insertInto('events').values(part).execute();
}

export async function updateEventKickoff(db: Executor, id: string, kickoffAt: number, now: number): Promise<void> {
  await db.updateTable('events').set({ kickoff_at: kickoffAt, updated_at: now }).where('id', '=', id).execute();
}

/** Sets the status of an event, if it differs (the feed reported a postponement, a cancellation, a return). */
export async function updateEventStatus(db: Executor, id: string, status: EventStatus, now: number): Promise<void> {
  await db
    .updateTable('events')
    .set({ status, updated_at: now })
    .where('id', '=', id)
    .where('status', '<>', status)
    .execute();
}

export async function insertExternalIds(
  db: Executor,
  rows: ReadonlyArray<{ provider_id: number; external_id: string; event_id: string; created_at: number }>,
): Promise<void> {
  for (const part of chunks(rows)) await db.insertInto('event_external_ids').values(part).execute();
}

function toCurrentPrice(row: {
  event_id: string;
  market_id: number;
  provider_id: number;
  selection_id: number;
  value: number | null;
  previous_value: number | null;
  changed_at: number;
  boosted: number;
  regular_value: number | null;
  ref?: string | null;
}): CurrentPrice {
  return {
    eventId: row.event_id,
    marketId: Number(row.market_id),
    providerId: Number(row.provider_id),
    selectionId: Number(row.selection_id),
    value: row.value === null ? null : Number(row.value),
    previousValue: row.previous_value === null ? null : Number(row.previous_value),
    changedAt: Number(row.changed_at),
    boosted: Number(row.boosted) === 1,
    regularValue: row.regular_value === null ? null : Number(row.regular_value),
    // Only where the query selected it (the ingest diff's read), never in the snapshot's.
    ...(row.ref === undefined ? {} : { ref: row.ref }),
  };
}

/** A provider's current prices for the given events. */
export async function findProviderPrices(
  db: Executor,
  providerId: number,
  eventIds: readonly string[],
): Promise<CurrentPrice[]> {
  const out: CurrentPrice[] = [];
  for (const part of chunks(eventIds)) {
    const rows = await db
      .selectFrom('current_prices')
      .selectAll()
      .where('provider_id', '=', providerId)
      .where('event_id', 'in', part)
      .execute();
    out.push(...rows.map(toCurrentPrice));
  }
  return out;
}

function priceRow(p: CurrentPrice) {
  return {
    event_id: p.eventId,
    market_id: p.marketId,
    provider_id: p.providerId,
    selection_id: p.selectionId,
    value: p.value,
    previous_value: p.previousValue,
    changed_at: p.changedAt,
    boosted: p.boosted ? 1 : 0,
    regular_value: p.regularValue,
    ref: p.ref ?? null,
  };
}

export async function upsertPrices(db: Executor, prices: readonly CurrentPrice[]): Promise<void> {
  for (const part of chunks(prices)) {
    await db
      .insertInto('current_prices')
      .values(part.map(priceRow))
      .onConflict((oc) =>
        oc.columns(['event_id', 'market_id', 'provider_id', 'selection_id']).doUpdateSet((eb) => ({
          value: eb.ref('excluded.value'),
          previous_value: eb.ref('excluded.previous_value'),
          changed_at: eb.ref('excluded.changed_at'),
          boosted: eb.ref('excluded.boosted'),
          regular_value: eb.ref('excluded.regular_value'),
          ref: eb.ref('excluded.ref'),
        })),
      )
      .execute();
  }
}

export async function insertHistory(
  db: Executor,
  runId: string,
  version: number,
  prices: readonly CurrentPrice[],
): Promise<void> {
  for (const part of chunks(prices)) {
    await db
      .insertInto('price_history')
      .values(
        part.map((p) => ({
          run_id: runId,
          event_id: p.eventId,
          market_id: p.marketId,
          provider_id: p.providerId,
          selection_id: p.selectionId,
          value: p.value,
          boosted: p.boosted ? 1 : 0,
          changed_at: p.changedAt,
          version,
        })),
      )
      .execute();
  }
}

/**
 * Records that an applied batch changed or confirmed prices of a country at `at`: the
 * country's `updatedAt` moves forward, never back (docs/architecture.md §3).
 */
export async function touchCountryUpdate(db: Executor, countryId: number, at: number): Promise<void> {
  await db
    .insertInto('odds_country_updates')
    .values({ country_id: countryId, updated_at: at })
    .onConflict((oc) =>
      oc
        .column('country_id')
        .doUpdateSet((eb) => ({ updated_at: eb.ref('excluded.updated_at') }))
        .where('odds_country_updates.updated_at', '<', at),
    )
    .execute();
}

/** Each country's latest change or confirmation of prices (epoch ms); countries without any are absent. */
export async function findCountryUpdates(db: Executor): Promise<Map<number, number>> {
  const rows = await db.selectFrom('odds_country_updates').select(['country_id', 'updated_at']).execute();
  return new Map(rows.map((r) => [Number(r.country_id), Number(r.updated_at)]));
}

/**
 * Marks events as listed or changed by the batch of odds version `version`: the snapshot of every
 * process reloads exactly these (docs/architecture.md §5).
 */
export async function markEventsChanged(db: Executor, eventIds: readonly string[], version: number): Promise<void> {
  for (const part of chunks([...new Set(eventIds)])) {
    await db.updateTable('events').set({ odds_version: version }).where('id', 'in', part).execute();
  }
}

/** Records that a book read these leagues of a country at `at` (forward only). */
export async function touchBookReads(
  db: Executor,
  providerId: number,
  countryId: number,
  competitionIds: readonly number[],
  at: number,
): Promise<void> {
  for (const competitionId of new Set(competitionIds)) {
    await db
      .insertInto('odds_book_reads')
      .values({ provider_id: providerId, country_id: countryId, competition_id: competitionId, read_at: at })
      .onConflict((oc) =>
        oc
          .columns(['provider_id', 'country_id', 'competition_id'])
          .doUpdateSet((eb) => ({ read_at: eb.ref('excluded.read_at') }))
          .where('odds_book_reads.read_at', '<', at),
      )
      .execute();
  }
}

/** Key of a book's league in {@link findBookReads}' map. */
export const bookReadKey = (providerId: number, countryId: number, competitionId: number) =>
  `${providerId}|${countryId}|${competitionId}`;

/** When each book last read each league (epoch ms), by {@link bookReadKey}. */
export async function findBookReads(db: Executor): Promise<Map<string, number>> {
  const rows = await db.selectFrom('odds_book_reads').selectAll().execute();
  return new Map(
    rows.map((r) => [
      bookReadKey(Number(r.provider_id), Number(r.country_id), Number(r.competition_id)),
      Number(r.read_at),
    ]),
  );
}

/**
 * A provider's priced current prices of the upcoming scheduled matches of some leagues of a
 * country: what a whole read of those leagues withdraws when it no longer lists the match.
 */
export async function findLeaguePrices(
  db: Executor,
  providerId: number,
  countryId: number,
  competitionIds: readonly number[],
  now: number,
): Promise<CurrentPrice[]> {
  if (competitionIds.length === 0) return [];
  const rows = await db
    .selectFrom('current_prices')
    .innerJoin('events', 'events.id', 'current_prices.event_id')
    .selectAll('current_prices')
    .where('current_prices.provider_id', '=', providerId)
    .where('current_prices.value', 'is not', null)
    .where('events.country_id', '=', countryId)
    .where('events.competition_id', 'in', competitionIds)
    .where('events.kickoff_at', '>', now)
    .execute();
  return rows.map(toCurrentPrice);
}

function upcomingEvent(e: {
  id: string;
  country_id: number;
  competition_id: number;
  home: string;
  away: string;
  kickoff_at: number;
  source: UpcomingEvent['source'];
}): UpcomingEvent {
  return {
    id: e.id,
    countryId: Number(e.country_id),
    competitionId: Number(e.competition_id),
    home: e.home,
    away: e.away,
    kickoffAt: Number(e.kickoff_at),
    source: e.source,
  };
}

/** An event as the snapshot keeps it, with whether it is listable (scheduled). */
export interface SnapshotEventRow extends UpcomingEvent {
  scheduled: boolean;
}

const SNAPSHOT_EVENT_COLUMNS = [
  'id',
  'country_id',
  'competition_id',
  'home',
  'away',
  'kickoff_at',
  'source',
  'status',
] as const;

/** Upcoming scheduled events (the snapshot's first build). */
export async function findUpcomingEvents(db: Executor, now: number): Promise<SnapshotEventRow[]> {
  const rows = await db
    .selectFrom('events')
    .select(SNAPSHOT_EVENT_COLUMNS)
    .where('kickoff_at', '>', now)
    .where('status', '=', 'scheduled')
    .execute();
  return rows.map((r) => ({ ...upcomingEvent(r), scheduled: true }));
}

/** Events listed or changed by batches after odds version `version`, whatever their status now. */
export async function findEventsChangedAfter(db: Executor, version: number): Promise<SnapshotEventRow[]> {
  const rows = await db
    .selectFrom('events')
    .select(SNAPSHOT_EVENT_COLUMNS)
    .where('odds_version', '>', version)
    .execute();
  return rows.map((r) => ({ ...upcomingEvent(r), scheduled: r.status === 'scheduled' }));
}

/** Providers whose applied batches (or withdrawals) produced odds versions after `version`. */
export async function findProvidersAfter(db: Executor, version: number): Promise<number[]> {
  const rows = await db
    .selectFrom('ingest_runs')
    .select('provider_id')
    .distinct()
    .where('version', '>', version)
    .where('provider_id', 'is not', null)
    .execute();
  return rows.map((r) => Number(r.provider_id));
}

/** Current prices of some events (of some providers only, when given); the caller keeps `eventIds` small. */
export async function findPricesOf(
  db: Executor,
  eventIds: readonly string[],
  providerIds?: readonly number[],
): Promise<CurrentPrice[]> {
  if (eventIds.length === 0 || providerIds?.length === 0) return [];
  let query = db.selectFrom('current_prices').selectAll().where('event_id', 'in', eventIds);
  if (providerIds) query = query.where('provider_id', 'in', providerIds);
  return (await query.execute()).map(toCurrentPrice);
}

/** Events that have not kicked off and their current prices, for the read snapshot. */
export async function loadUpcoming(
  db: Executor,
  now: number,
): Promise<{ events: UpcomingEvent[]; prices: CurrentPrice[] }> {
  const eventRows = await db
    .selectFrom('events')
    .select(['id', 'country_id', 'competition_id', 'home', 'away', 'kickoff_at', 'source'])
    .where('kickoff_at', '>', now)
    .where('status', '=', 'scheduled')
    .execute();
  const priceRows = await db
    .selectFrom('current_prices')
    .innerJoin('events', 'events.id', 'current_prices.event_id')
    .select([
      'current_prices.event_id',
      'current_prices.market_id',
      'current_prices.provider_id',
      'current_prices.selection_id',
      'current_prices.value',
      'current_prices.previous_value',
      'current_prices.changed_at',
      'current_prices.boosted',
      'current_prices.regular_value',
    ])
    .where('events.kickoff_at', '>', now)
    .where('events.status', '=', 'scheduled')
    .execute();
  return {
    events: eventRows.map((e) => ({
      id: e.id,
      countryId: Number(e.country_id),
      competitionId: Number(e.competition_id),
      home: e.home,
      away: e.away,
      kickoffAt: Number(e.kickoff_at),
      source: e.source,
    })),
    prices: priceRows.map(toCurrentPrice),
  };
}

/** An event's current prices, every market and provider (the match page's tables). */
export async function findEventPrices(db: Executor, eventId: string): Promise<CurrentPrice[]> {
  const rows = await db.selectFrom('current_prices').selectAll().where('event_id', '=', eventId).execute();
  return rows.map(toCurrentPrice);
}

/** A price's key and one value of it at one moment. */
export interface PriceAt {
  marketId: number;
  providerId: number;
  selectionId: number;
  value: number | null;
  at: number;
}

/**
 * The first row of each of an event's prices: the opening the server saw (a price's first
 * history row is never a withdrawal). One index seek per price on price_history_series.
 */
export async function findOpenings(db: Executor, eventId: string): Promise<PriceAt[]> {
  const rows = await db
    .selectFrom('current_prices as cp')
    .select((eb) => {
      const first = () =>
        eb
          .selectFrom('price_history as h')
          .whereRef('h.event_id', '=', 'cp.event_id')
          .whereRef('h.market_id', '=', 'cp.market_id')
          .whereRef('h.provider_id', '=', 'cp.provider_id')
          .whereRef('h.selection_id', '=', 'cp.selection_id')
          .orderBy('h.changed_at')
          .orderBy('h.version')
          .limit(1);
      return [
        'cp.market_id',
        'cp.provider_id',
        'cp.selection_id',
        first().select('h.value').as('value'),
        first().select('h.changed_at').as('at'),
      ];
    })
    .where('cp.event_id', '=', eventId)
    .execute();
  return rows.flatMap((r) =>
    r.at === null || r.at === undefined
      ? []
      : [
          {
            marketId: Number(r.market_id),
            providerId: Number(r.provider_id),
            selectionId: Number(r.selection_id),
            value: r.value === null || r.value === undefined ? null : Number(r.value),
            at: Number(r.at),
          },
        ],
  );
}

/** Every history row of one market of an event, by provider, selection, then in the order applied. */
export async function findMarketHistory(db: Executor, eventId: string, marketId: number): Promise<PriceAt[]> {
  const rows = await db
    .selectFrom('price_history')
    .select(['provider_id', 'selection_id', 'value', 'changed_at'])
    .where('event_id', '=', eventId)
    .where('market_id', '=', marketId)
    .orderBy('provider_id')
    .orderBy('selection_id')
    .orderBy('changed_at')
    .orderBy('version')
    .execute();
  return rows.map((r) => ({
    marketId,
    providerId: Number(r.provider_id),
    selectionId: Number(r.selection_id),
    value: r.value === null ? null : Number(r.value),
    at: Number(r.changed_at),
  }));
}

/** One price_history row. */
export interface HistoryRow {
  eventId: string;
  marketId: number;
  providerId: number;
  selectionId: number;
  value: number | null;
  at: number;
  version: number;
  /** Set on the rows {@link findHistoryAfter} reads (the alerts need it). */
  boosted?: boolean;
}

function historyRow(r: {
  event_id: string;
  market_id: number;
  provider_id: number;
  selection_id: number;
  value: number | null;
  changed_at: number;
  version: number;
  boosted?: number;
}): HistoryRow {
  const row: HistoryRow = {
    eventId: r.event_id,
    marketId: Number(r.market_id),
    providerId: Number(r.provider_id),
    selectionId: Number(r.selection_id),
    value: r.value === null ? null : Number(r.value),
    at: Number(r.changed_at),
    version: Number(r.version),
  };
  if (r.boosted !== undefined) row.boosted = Number(r.boosted) === 1;
  return row;
}

const HISTORY_COLUMNS = [
  'event_id',
  'market_id',
  'provider_id',
  'selection_id',
  'value',
  'changed_at',
  'version',
] as const;

/**
 * History rows written by batches after odds version `version` (and up to `upTo` when given), in
 * the order applied (index price_history_version).
 */
export async function findHistoryAfter(db: Executor, version: number, upTo?: number): Promise<HistoryRow[]> {
  let query = db
    .selectFrom('price_history')
    .select([...HISTORY_COLUMNS, 'boosted'])
    .where('version', '>', version);
  if (upTo !== undefined) query = query.where('version', '<=', upTo);
  const rows = await query.orderBy('version').execute();
  return rows.map(historyRow);
}

/** When each batch (or withdrawal) of odds versions in (`after`, `upTo`] committed: version → finished_at. */
export async function findCommitTimes(db: Executor, after: number, upTo: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('ingest_runs')
    .select(['version', 'finished_at'])
    .where('version', '>', after)
    .where('version', '<=', upTo)
    .execute();
  return new Map(rows.map((r) => [Number(r.version), Number(r.finished_at)]));
}

/**
 * The history the dropping-odds list needs of some events (snapshot/price-windows.ts): every row
 * from `since` on and, per price, the row(s) of the last moment before it — ordered by price,
 * time, then version.
 */
export async function findHistoryFrom(db: Executor, eventIds: readonly string[], since: number): Promise<HistoryRow[]> {
  const out: HistoryRow[] = [];
  for (const part of chunks(eventIds)) {
    const recent = await db
      .selectFrom('price_history')
      .select(HISTORY_COLUMNS)
      .where('event_id', 'in', part)
      .where('changed_at', '>=', since)
      .execute();
    const before = await db
      .selectFrom('price_history as h')
      .innerJoin(
        (eb) =>
          eb
            .selectFrom('price_history')
            .select(['event_id', 'market_id', 'provider_id', 'selection_id'])
            .select((s) => s.fn.max('changed_at').as('at'))
            .where('event_id', 'in', part)
            .where('changed_at', '<', since)
            .groupBy(['event_id', 'market_id', 'provider_id', 'selection_id'])
            .as('last'),
        (join) =>
          join
            .onRef('last.event_id', '=', 'h.event_id')
            .onRef('last.market_id', '=', 'h.market_id')
            .onRef('last.provider_id', '=', 'h.provider_id')
            .onRef('last.selection_id', '=', 'h.selection_id')
            .onRef('last.at', '=', 'h.changed_at'),
      )
      .select(['h.event_id', 'h.market_id', 'h.provider_id', 'h.selection_id', 'h.value', 'h.changed_at', 'h.version'])
      .execute();
    out.push(...before.map(historyRow), ...recent.map(historyRow));
  }
  return out.sort(
    (a, b) =>
      (a.eventId < b.eventId ? -1 : a.eventId > b.eventId ? 1 : 0) ||
      a.marketId - b.marketId ||
      a.providerId - b.providerId ||
      a.selectionId - b.selectionId ||
      a.at - b.at ||
      a.version - b.version,
  );
}

/**
 * Deletes events that kicked off before `before` — their prices, history and external ids go
 * with them (foreign keys cascade) — and ingest runs started before it. Returns the counts.
 */
export async function pruneBefore(db: Executor, before: number): Promise<{ events: number; runs: number }> {
  const events = await db.deleteFrom('events').where('kickoff_at', '<', before).executeTakeFirst();
  const runs = await db.deleteFrom('ingest_runs').where('started_at', '<', before).executeTakeFirst();
  return { events: Number(events.numDeletedRows), runs: Number(runs.numDeletedRows) };
}
