/**
 * SQL of the `current_prices` table (only repositories hold SQL): the
 * ingest diff's reads and upserts, a whole read's withdrawals, the snapshot's and the match
 * page's reads. Rows come back as {@link CurrentPrice}.
 */
import type { Executor } from '../../core/db/connect';
import { type BulkInsert, bulkInsert } from '../../core/db/bulk-insert';
import { type RowOf, selectRows } from '../../core/db/json-rows';
import type { CurrentPrice } from './current-price';
import { findUpcomingEvents } from './events.repository';
import { chunksInTurns } from './sql-chunks';
import type { UpcomingEvent } from './upcoming-event';

/** What the snapshot and the match page read of a price (never its booking `ref`). */
const SHOWN_COLUMNS = [
  'event_id',
  'market_id',
  'provider_id',
  'selection_id',
  'value',
  'previous_value',
  'changed_at',
  'boosted',
  'regular_value',
] as const;
/** Every column of a price: what the ingest diff reads and the upsert writes, in this order. */
const PRICE_COLUMNS = [...SHOWN_COLUMNS, 'ref'] as const;

type ShownRow = RowOf<'current_prices', (typeof SHOWN_COLUMNS)[number]>;

function toCurrentPrice(row: ShownRow & { ref?: string | null }): CurrentPrice {
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
    // Only where the query selected it (the ingest diff's read), never in the snapshot's; written
    // out either way, so that every price has the same fields in the same order (price-diff.ts).
    ref: row.ref,
  };
}

/** Events whose prices {@link findProviderPrices} reads in one query (about 25 rows each). */
const PROVIDER_PRICES_CHUNK = 50;

/**
 * A provider's current prices for the given events, a chunk of events per query, handing the event
 * loop a turn between chunks (a 2,000-event batch reads tens of thousands of rows).
 */
export async function findProviderPrices(
  db: Executor,
  providerId: number,
  eventIds: readonly string[],
): Promise<CurrentPrice[]> {
  const out: CurrentPrice[] = [];
  for await (const part of chunksInTurns(eventIds, PROVIDER_PRICES_CHUNK)) {
    const rows = await selectRows(
      db,
      db.selectFrom('current_prices').where('provider_id', '=', providerId).where('event_id', 'in', part),
      'current_prices',
      PRICE_COLUMNS,
    );
    for (const row of rows) out.push(toCurrentPrice(row));
  }
  return out;
}

const PRICE_UPSERT: BulkInsert = {
  table: 'current_prices',
  columns: PRICE_COLUMNS,
  upsert: {
    key: ['event_id', 'market_id', 'provider_id', 'selection_id'],
    set: ['value', 'previous_value', 'changed_at', 'boosted', 'regular_value', 'ref'],
  },
};

/** A price's values in {@link PRICE_UPSERT}'s column order. */
function priceRow(p: CurrentPrice): unknown[] {
  return [
    p.eventId,
    p.marketId,
    p.providerId,
    p.selectionId,
    p.value,
    p.previousValue,
    p.changedAt,
    p.boosted ? 1 : 0,
    p.regularValue,
    p.ref ?? null,
  ];
}

/** Prices upserted by one statement (10 parameters each: within both databases' limits). */
const UPSERT_CHUNK = 200;

export async function upsertPrices(db: Executor, prices: readonly CurrentPrice[]): Promise<void> {
  for await (const part of chunksInTurns(prices, UPSERT_CHUNK)) {
    await bulkInsert(db, PRICE_UPSERT, part.map(priceRow));
  }
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
  const rows = await selectRows(
    db,
    db
      .selectFrom('current_prices')
      .innerJoin('events', 'events.id', 'current_prices.event_id')
      .where('current_prices.provider_id', '=', providerId)
      .where('current_prices.value', 'is not', null)
      .where('events.country_id', '=', countryId)
      .where('events.competition_id', 'in', competitionIds)
      .where('events.kickoff_at', '>', now),
    'current_prices',
    PRICE_COLUMNS,
  );
  return rows.map(toCurrentPrice);
}

/** Current prices of some events (of some providers only, when given); the caller keeps `eventIds` small. */
export async function findPricesOf(
  db: Executor,
  eventIds: readonly string[],
  providerIds?: readonly number[],
): Promise<CurrentPrice[]> {
  if (eventIds.length === 0 || providerIds?.length === 0) return [];
  let query = db.selectFrom('current_prices').where('event_id', 'in', eventIds);
  if (providerIds) query = query.where('provider_id', 'in', providerIds);
  return (await selectRows(db, query, 'current_prices', SHOWN_COLUMNS)).map(toCurrentPrice);
}

/** Events that have not kicked off and their current prices, for the read snapshot. */
export async function loadUpcoming(
  db: Executor,
  now: number,
): Promise<{ events: UpcomingEvent[]; prices: CurrentPrice[] }> {
  const priceRows = await selectRows(
    db,
    db
      .selectFrom('current_prices')
      .innerJoin('events', 'events.id', 'current_prices.event_id')
      .where('events.kickoff_at', '>', now)
      .where('events.status', '=', 'scheduled'),
    'current_prices',
    SHOWN_COLUMNS,
  );
  return {
    events: (await findUpcomingEvents(db, now)).map((r) => r.event),
    prices: priceRows.map(toCurrentPrice),
  };
}

/** An event's current prices, every market and provider (the match page's tables). */
export async function findEventPrices(db: Executor, eventId: string): Promise<CurrentPrice[]> {
  const query = db.selectFrom('current_prices').where('event_id', '=', eventId);
  return (await selectRows(db, query, 'current_prices', SHOWN_COLUMNS)).map(toCurrentPrice);
}
