/**
 * SQL of the `events` and `event_external_ids` tables (only repositories
 * hold SQL): the matcher's reads and writes, the marks a batch leaves on the events it listed or
 * changed, the snapshot's event reads and the pruning of matches long over.
 */
import type { EventStatus } from '@shared/contract/ingest';
import type { Executor } from '../../core/db/connect';
import { type RowOf, selectRows } from '../../core/db/json-rows';
import { nextTurn, turnDue } from '../../core/event-loop';
import type { EventsTable } from './odds.tables';
import { chunksInTurns } from './sql-chunks';
import type { UpcomingEvent } from './upcoming-event';

export async function findExternalIds(
  db: Executor,
  providerId: number,
  externalIds: readonly string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for await (const part of chunksInTurns(externalIds)) {
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
  for await (const part of chunksInTurns(ids)) {
    rows.push(...(await db.selectFrom('events').selectAll().where('id', 'in', part).execute()));
  }
  return rows;
}

/** Rows of the matcher's candidates read in one statement (see findEventsBetween). */
export const EVENTS_BETWEEN_PAGE = 500;

/**
 * A country's events of the given competitions kicking off within [from, to] — the matcher's
 * candidates — by kick-off, then id. Read a page at a time, each page after the last one's
 * (kick-off, id), with a turn of the event loop between pages: a 2,000-event batch's range spans a
 * league's season, thousands of rows, which SQLite read in one synchronous statement that held the
 * loop 41–46 ms (docs/architecture.md#data-flow).
 */
export async function findEventsBetween(
  db: Executor,
  countryId: number,
  competitionIds: readonly number[],
  from: number,
  to: number,
  pageSize = EVENTS_BETWEEN_PAGE,
): Promise<EventRow[]> {
  if (competitionIds.length === 0) return [];
  const rows: EventRow[] = [];
  let after: { kickoffAt: number; id: string } | null = null;
  for (;;) {
    let query = db
      .selectFrom('events')
      .selectAll()
      .where('country_id', '=', countryId)
      .where('competition_id', 'in', competitionIds)
      .where('kickoff_at', '<=', to);
    if (after) {
      const { kickoffAt, id } = after;
      query = query
        .where('kickoff_at', '>=', kickoffAt)
        .where((eb) => eb.or([eb('kickoff_at', '>', kickoffAt), eb('id', '>', id)]));
    } else {
      query = query.where('kickoff_at', '>=', from);
    }
    const page = await query.orderBy('kickoff_at').orderBy('id').limit(pageSize).execute();
    rows.push(...page);
    if (page.length < pageSize) return rows;
    const end = page[page.length - 1] as EventRow;
    after = { kickoffAt: Number(end.kickoff_at), id: end.id };
    if (turnDue()) await nextTurn();
  }
}

export async function insertEvents(db: Executor, rows: readonly EventRow[]): Promise<void> {
  for await (const part of chunksInTurns(rows, 100)) {
    await db.insertInto('events').values(part).execute();
  }
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
  for await (const part of chunksInTurns(rows)) {
    await db.insertInto('event_external_ids').values(part).execute();
  }
}

/**
 * Marks events whose rows or prices the batch of odds version `version` changed: the snapshot of
 * every process reloads exactly these.
 */
export async function markEventsChanged(db: Executor, eventIds: readonly string[], version: number): Promise<void> {
  for await (const part of chunksInTurns([...new Set(eventIds)])) {
    await db.updateTable('events').set({ odds_version: version }).where('id', 'in', part).execute();
  }
}

/** An event as the snapshot keeps it, and whether it is listable (scheduled). */
export interface SnapshotEventRow {
  event: UpcomingEvent;
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

/**
 * A snapshot's event from its row, made in one literal, beside `scheduled`: a copy of a converted
 * object with `scheduled` added, or taken off again by a rest pattern, costs about a microsecond
 * per event (the copy takes a slow path), and a first build reads every upcoming event.
 */
function snapshotEventRow(
  e: RowOf<'events', (typeof SNAPSHOT_EVENT_COLUMNS)[number]>,
  scheduled: boolean,
): SnapshotEventRow {
  return {
    event: {
      id: e.id,
      countryId: Number(e.country_id),
      competitionId: Number(e.competition_id),
      home: e.home,
      away: e.away,
      kickoffAt: Number(e.kickoff_at),
      source: e.source,
    },
    scheduled,
  };
}

/** Upcoming scheduled events (the snapshot's first build). */
export async function findUpcomingEvents(db: Executor, now: number): Promise<SnapshotEventRow[]> {
  const query = db.selectFrom('events').where('kickoff_at', '>', now).where('status', '=', 'scheduled');
  const rows = await selectRows(db, query, 'events', SNAPSHOT_EVENT_COLUMNS);
  return rows.map((r) => snapshotEventRow(r, true));
}

/** Events changed by batches after odds version `version`, whatever their status now. */
export async function findEventsChangedAfter(db: Executor, version: number): Promise<SnapshotEventRow[]> {
  const query = db.selectFrom('events').where('odds_version', '>', version);
  const rows = await selectRows(db, query, 'events', SNAPSHOT_EVENT_COLUMNS);
  return rows.map((r) => snapshotEventRow(r, r.status === 'scheduled'));
}

/** Events by id, whatever their status (the snapshot's read of the rows its own batches wrote). */
export async function findSnapshotEventsByIds(db: Executor, ids: readonly string[]): Promise<SnapshotEventRow[]> {
  const out: SnapshotEventRow[] = [];
  for await (const part of chunksInTurns(ids)) {
    const query = db.selectFrom('events').where('id', 'in', part);
    for (const r of await selectRows(db, query, 'events', SNAPSHOT_EVENT_COLUMNS)) {
      out.push(snapshotEventRow(r, r.status === 'scheduled'));
    }
  }
  return out;
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
