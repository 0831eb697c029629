/**
 * The events a batch's listings may be: those its provider's external ids already map to, those of its
 * competitions kicking off within the tolerance of its listings, and those carrying its Sportradar ids —
 * each with the providers listing it (the identity rules of sources/cross-book-matcher.ts decide).
 */
import type { Transaction } from 'kysely';
import type { FeedBatch } from '@shared/contract/ingest';
import type { Database } from '../../../database';
import { type EventRow, findEventsBetween, findEventsByIds } from '../events.repository';
import type { IdentityEvent } from '../sources/cross-book-matcher';
import { findEventsBySportradarIds, findProvidersOfEvents } from './identity.repository';

export interface KnownEvent extends IdentityEvent {
  providers: Set<number>;
  row: EventRow;
}

export function known(row: EventRow, providers: Set<number> | undefined): KnownEvent {
  return {
    id: row.id,
    competition: Number(row.competition_id),
    home: row.home,
    away: row.away,
    kickoffAt: Number(row.kickoff_at),
    sportradarId: row.sportradar_id ?? null,
    createdAt: Number(row.created_at),
    providers: new Set(providers ?? []),
    row,
  };
}

/** The known events of one batch by id; `mappedIds`: the provider's external id → event id. */
export async function loadKnownEvents(
  trx: Transaction<Database>,
  batch: FeedBatch,
  mappedIds: ReadonlyMap<string, string>,
  toleranceMs: number,
): Promise<Map<string, KnownEvent>> {
  const kickoffs = batch.events.map((e) => Date.parse(e.kickoff));
  const competitions = [...new Set(batch.events.map((e) => e.competition))];
  const between =
    kickoffs.length === 0
      ? []
      : await findEventsBetween(
          trx,
          batch.country,
          competitions,
          Math.min(...kickoffs) - toleranceMs,
          Math.max(...kickoffs) + toleranceMs,
        );
  // The mapped events are nearly always among those kicking off near the listings: only the others are read.
  const mapped = new Set(mappedIds.values());
  const near = new Map(between.map((row) => [row.id, row]));
  const byId = [
    ...[...mapped].flatMap((id) => near.get(id) ?? []),
    ...(await findEventsByIds(
      trx,
      [...mapped].filter((id) => !near.has(id)),
    )),
  ].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const rows = new Map<string, EventRow>();
  for (const row of byId) rows.set(row.id, row);
  for (const row of between) rows.set(row.id, row);
  const sportradarIds = batch.events.flatMap((e) => (e.sportradarId === undefined ? [] : [e.sportradarId]));
  for (const row of await findEventsBySportradarIds(trx, batch.country, sportradarIds)) rows.set(row.id, row);
  const providers = await findProvidersOfEvents(trx, [...rows.keys()]);
  return new Map([...rows.values()].map((row) => [row.id, known(row, providers.get(row.id))]));
}
