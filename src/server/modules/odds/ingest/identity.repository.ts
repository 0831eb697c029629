/**
 * SQL of cross-book identity: events by Sportradar id,
 * which providers list an event, recording an event's Sportradar id and moving a provider's
 * listing to another event.
 */
import type { Executor } from '../../../core/db/connect';
import type { EventRow } from '../events.repository';
import { chunksInTurns } from '../sql-chunks';

/** A country's events carrying one of the Sportradar ids. */
export async function findEventsBySportradarIds(
  db: Executor,
  countryId: number,
  ids: readonly string[],
): Promise<EventRow[]> {
  const rows: EventRow[] = [];
  for await (const part of chunksInTurns([...new Set(ids)])) {
    rows.push(
      ...(await db
        .selectFrom('events')
        .selectAll()
        .where('country_id', '=', countryId)
        .where('sportradar_id', 'in', part)
        .execute()),
    );
  }
  return rows;
}

/** The providers listing each event (by their external ids). */
export async function findProvidersOfEvents(
  db: Executor,
  eventIds: readonly string[],
): Promise<Map<string, Set<number>>> {
  const out = new Map<string, Set<number>>();
  for await (const part of chunksInTurns([...new Set(eventIds)])) {
    const rows = await db
      .selectFrom('event_external_ids')
      .select(['event_id', 'provider_id'])
      .where('event_id', 'in', part)
      .execute();
    for (const r of rows) {
      let set = out.get(r.event_id);
      if (!set) out.set(r.event_id, (set = new Set()));
      set.add(Number(r.provider_id));
    }
  }
  return out;
}

export async function setEventSportradarId(db: Executor, id: string, sportradarId: string, now: number): Promise<void> {
  await db.updateTable('events').set({ sportradar_id: sportradarId, updated_at: now }).where('id', '=', id).execute();
}

/** Points a provider's external id at another event. */
export async function moveExternalId(
  db: Executor,
  providerId: number,
  externalId: string,
  eventId: string,
): Promise<void> {
  await db
    .updateTable('event_external_ids')
    .set({ event_id: eventId })
    .where('provider_id', '=', providerId)
    .where('external_id', '=', externalId)
    .execute();
}
