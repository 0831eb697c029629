/**
 * SQL of the booking codes (only repositories hold SQL): our matches by a
 * book's own event id, by Sportradar id, or kicking off near a time; and a book's current prices
 * of some events with the `ref` it needs to book them.
 */
import type { Selectable } from 'kysely';
import type { Database } from '../../database';
import type { Executor } from '../../core/db/connect';

export type EventRow = Selectable<Database['events']>;

/** Our events by id. */
export async function findEventsByIds(db: Executor, ids: readonly string[]): Promise<EventRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('events')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

/** SportyBet's event ids are Sportradar's (`sr:match:N`). */
const SPORTRADAR_BOOK = 3;

/** Our events by a book's own event ids (its externalId in the feed). */
export async function findEventsByExternalIds(
  db: Executor,
  providerId: number,
  externalIds: readonly string[],
): Promise<Map<string, EventRow>> {
  if (externalIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('event_external_ids as x')
    .innerJoin('events as e', 'e.id', 'x.event_id')
    .selectAll('e')
    .select('x.external_id')
    .where('x.provider_id', '=', providerId)
    .where('x.external_id', 'in', [...new Set(externalIds)])
    .execute();
  return new Map(rows.map(({ external_id, ...event }) => [external_id, event]));
}

/**
 * Our events by Sportradar match id (the digits N): the id stored on the event (any book that gives
 * it), else SportyBet's own event id, which is `sr:match:N`.
 */
export async function findEventsBySportradarIds(
  db: Executor,
  sportradarIds: readonly string[],
): Promise<Map<string, EventRow>> {
  if (sportradarIds.length === 0) return new Map();
  const ids = [...new Set(sportradarIds)];
  const stored = await db.selectFrom('events').selectAll().where('sportradar_id', 'in', ids).execute();
  const found = new Map(stored.map((event) => [event.sportradar_id as string, event]));
  const rest = ids.filter((id) => !found.has(id));
  const byExternal = await findEventsByExternalIds(
    db,
    SPORTRADAR_BOOK,
    rest.map((id) => `sr:match:${id}`),
  );
  for (const [externalId, event] of byExternal) found.set(externalId.slice('sr:match:'.length), event);
  return found;
}

/** Scheduled events of a country kicking off within [from, to], every competition. */
export async function findEventsKickingOff(
  db: Executor,
  countryId: number,
  from: number,
  to: number,
): Promise<EventRow[]> {
  return db
    .selectFrom('events')
    .selectAll()
    .where('country_id', '=', countryId)
    .where('kickoff_at', '>=', from)
    .where('kickoff_at', '<=', to)
    .execute();
}

export interface BookablePrice {
  eventId: string;
  marketId: number;
  selectionId: number;
  value: number | null;
  ref: string | null;
}

/** A book's current prices of some events, with their refs. */
export async function findBookablePrices(
  db: Executor,
  providerId: number,
  eventIds: readonly string[],
): Promise<BookablePrice[]> {
  if (eventIds.length === 0) return [];
  const rows = await db
    .selectFrom('current_prices')
    .select(['event_id', 'market_id', 'selection_id', 'value', 'ref'])
    .where('provider_id', '=', providerId)
    .where('event_id', 'in', [...new Set(eventIds)])
    .execute();
  return rows.map((r) => ({
    eventId: r.event_id,
    marketId: Number(r.market_id),
    selectionId: Number(r.selection_id),
    value: r.value === null ? null : Number(r.value),
    ref: r.ref,
  }));
}
