/**
 * The matching step of the pipeline (docs/sources.md "Matching and
 * aliases"): each listing of a batch becomes an event id by the identity rules of
 * sources/cross-book-matcher.ts —
 *
 * - a listing whose Sportradar id a known event carries is that event, whatever the names;
 * - a listing the provider's external id already maps to stays on its event, unless its
 *   Sportradar id names another match (the id wins: it moves there, or to a new event when no
 *   event has the id yet) or the alias table now says its event and another are one match
 *   listed apart (it moves to the first of them in the fixed order, so every book converges);
 * - otherwise names and kick-off decide, and a new event is created when nothing fits;
 * - an ambiguous listing (a name that can mean two clubs, two events with different ids) is left
 *   out of the batch and reported.
 *
 * The alias table is read afresh for every batch (an alias added to the file applies at the next
 * poll). New mappings and events, moved mappings, Sportradar ids learnt, kick-offs moved beyond
 * the tolerance and statuses the batch states are written in the caller's transaction, and the
 * provider's names the table did not know or found ambiguous replace its previous report for the
 * batch's competitions (`odds_name_issues`). Two listings of one batch landing on the same match
 * reject the batch.
 */
import type { Transaction } from 'kysely';
import type { EventStatus, FeedBatch, FeedEvent } from '@shared/contract/ingest';
import type { EventSource } from '@shared/contract/odds';
import type { FieldError } from '@shared/errors';
import type { Database } from '../../../database';
import { InvalidBatchError, withinDateRange } from '../feed/feed-validation';
import {
  type EventRow,
  findExternalIds,
  insertEvents,
  insertExternalIds,
  updateEventKickoff,
  updateEventStatus,
} from '../events.repository';
import { clubDirectory, type ClubDirectory } from '../sources/club-aliases';
import { type Listing, canonicalOrder, eventsFittingNames, placeListing, sideOf } from '../sources/cross-book-matcher';
import { replaceNameIssues } from '../sources/source-health.repository';
import { moveExternalId, setEventSportradarId } from './identity.repository';
import { type KnownEvent, known, loadKnownEvents } from './known-events';
import { NameIssues } from './name-issues';
import { newId } from '../../../core/ids';
import type { Slicer } from '../../../core/event-loop';

export interface ResolvedEvents {
  /** Event id of each batch event, by index; null for a listing left out as ambiguous. */
  eventIds: Array<string | null>;
  created: number;
  /** Events a listing of the batch's provider left for another: its prices there are withdrawn. */
  leftEvents: string[];
  /** Events whose row the batch wrote: created, rescheduled, given a status or a Sportradar id. */
  rowsWritten: string[];
}

const newEventId = () => newId('evt');

interface Context {
  now: number;
  source: EventSource;
  toleranceMs: number;
  /** The batch's slices: the event loop gets a turn between listings. */
  slicer: Slicer;
}

export async function resolveEvents(
  trx: Transaction<Database>,
  batch: FeedBatch,
  { now, source, toleranceMs, slicer }: Context,
): Promise<ResolvedEvents> {
  const clubs: ClubDirectory = clubDirectory();
  const mappedIds = await findExternalIds(
    trx,
    batch.provider,
    batch.events.map((e) => e.externalId),
  );
  const kickoffs = batch.events.map((e) => Date.parse(e.kickoff));
  const competitions = [...new Set(batch.events.map((e) => e.competition))];
  const events = await loadKnownEvents(trx, batch, mappedIds, toleranceMs);
  const pool: KnownEvent[] = [...events.values()];

  const details: FieldError[] = [];
  // Dates a year or more away are a feed's mistake (0000, 9999, a wrong year).
  if (!withinDateRange(Date.parse(batch.fetchedAt), now)) {
    details.push({ field: 'fetchedAt', message: 'must be within a year of now' });
  }
  kickoffs.forEach((at, i) => {
    if (!withinDateRange(at, now))
      details.push({ field: `events[${i}].kickoff`, message: 'must be within a year of now' });
  });
  const issues = new NameIssues(batch.provider, now);
  const eventIds: Array<string | null> = [];
  const owner = new Map<string, number>();
  const newEvents: EventRow[] = [];
  const newIds: Array<{ provider_id: number; external_id: string; event_id: string; created_at: number }> = [];
  const moved: Array<{ externalId: string; eventId: string }> = [];
  const left = new Set<string>();
  const learnt = new Map<string, string>();
  const rescheduled: Array<{ id: string; kickoffAt: number }> = [];
  const statuses: Array<{ id: string; status: EventStatus }> = [];

  const create = (event: FeedEvent, listing: Listing, home: string, away: string, keys: [string, string]) => {
    const row: EventRow = {
      id: newEventId(),
      country_id: batch.country,
      competition_id: event.competition,
      home,
      away,
      home_key: keys[0],
      away_key: keys[1],
      kickoff_at: listing.kickoffAt,
      sportradar_id: listing.sportradarId ?? null,
      status: event.status ?? 'scheduled',
      source,
      created_at: now,
      updated_at: now,
    };
    newEvents.push(row);
    const entry = known(row, new Set());
    events.set(row.id, entry);
    pool.push(entry);
    return entry;
  };
  const learn = (target: KnownEvent, sportradarId: string | undefined) => {
    if (sportradarId === undefined || target.sportradarId !== null) return;
    target.sportradarId = sportradarId;
    if (!newEvents.some((r) => r.id === target.id)) learnt.set(target.id, sportradarId);
    else target.row.sportradar_id = sportradarId;
  };

  for (const [i, event] of batch.events.entries()) {
    if (slicer.due) await slicer.pause();
    const listing: Listing = {
      provider: batch.provider,
      competition: event.competition,
      home: event.home,
      away: event.away,
      kickoffAt: kickoffs[i] as number,
      ...(event.sportradarId !== undefined ? { sportradarId: event.sportradarId } : {}),
    };
    const home = sideOf(clubs, event.home, event.competition);
    const away = sideOf(clubs, event.away, event.competition);
    issues.side(event, event.home, home);
    issues.side(event, event.away, away);
    const existing = events.get(mappedIds.get(event.externalId) ?? '');
    let target: KnownEvent | undefined;
    let created = false;

    if (existing) {
      target = existing;
      const byId =
        listing.sportradarId === undefined
          ? undefined
          : pool.find((k) => k.sportradarId === listing.sportradarId && k.competition === event.competition);
      if (existing.competition !== event.competition) {
        details.push({
          field: `events[${i}].competition`,
          message: `differs from competition ${existing.competition} of the event this externalId names`,
        });
      } else if (Number(existing.row.country_id) !== batch.country) {
        details.push({
          field: `events[${i}].externalId`,
          message: `names an event of country ${existing.row.country_id}, not of the batch's country`,
        });
      } else if (byId && byId !== existing) {
        // The id wins: the listing is the match that carries its Sportradar id.
        target = byId;
      } else if (
        listing.sportradarId !== undefined &&
        existing.sportradarId !== null &&
        existing.sportradarId !== listing.sportradarId
      ) {
        // Its event is another match by id, and no event has this id yet: a new one.
        if (home.kind === 'club' && away.kind === 'club') {
          target = create(event, listing, home.display, away.display, [home.key, away.key]);
          created = true;
        } else {
          issues.add('ambiguous', event, `${event.home} - ${event.away}`, []);
          target = undefined;
        }
      } else {
        const byOwnId = listing.sportradarId !== undefined && existing.sportradarId === listing.sportradarId;
        const sameNames =
          home.kind !== 'club' ||
          away.kind !== 'club' ||
          (sideKey(clubs, existing.home, existing.competition) === home.key &&
            sideKey(clubs, existing.away, existing.competition) === away.key);
        if (!byOwnId && !sameNames) {
          // An externalId names one match for good: a different pairing never takes its prices.
          details.push({
            field: `events[${i}].externalId`,
            message: `is bound to ${existing.home} vs ${existing.away}; a different match needs its own externalId`,
          });
        } else {
          if (Math.abs(existing.kickoffAt - listing.kickoffAt) > toleranceMs) {
            // Rescheduled: a kick-off beyond the tolerance is news, not a bookmaker's rounding.
            rescheduled.push({ id: existing.id, kickoffAt: listing.kickoffAt });
          }
          // One match listed apart (the alias table learnt a name since): converge on the first.
          const fitting = eventsFittingNames(pool, listing, { clubs, toleranceMs, except: existing.id });
          if (Array.isArray(fitting)) {
            const same = fitting.filter(
              (k) =>
                (k.sportradarId === null ||
                  existing.sportradarId === null ||
                  k.sportradarId === existing.sportradarId) &&
                ![...k.providers].some((p) => existing.providers.has(p) && p !== batch.provider),
            );
            const first = [existing, ...same].sort(canonicalOrder)[0];
            if (first && first !== existing) target = first as KnownEvent;
          }
        }
      }
      if (target && target !== existing) {
        moved.push({ externalId: event.externalId, eventId: target.id });
        left.add(existing.id);
        existing.providers.delete(batch.provider);
      }
    } else {
      const placed = placeListing(pool, listing, { clubs, toleranceMs, oneListingPerBook: false });
      if (placed.kind === 'ambiguous') {
        if (placed.reason === 'two-candidates') {
          issues.add('ambiguous', event, `${event.home} - ${event.away}`, placed.candidates);
        }
      } else if (placed.kind === 'event') {
        target = placed.event as KnownEvent;
      } else {
        target = create(event, listing, placed.home, placed.away, [placed.homeKey, placed.awayKey]);
        created = true;
      }
      if (target) {
        newIds.push({
          provider_id: batch.provider,
          external_id: event.externalId,
          event_id: target.id,
          created_at: now,
        });
      }
    }

    if (!target) {
      eventIds.push(null);
      continue;
    }
    target.providers.add(batch.provider);
    learn(target, listing.sportradarId);
    // A new event is inserted with its status; a known one changes only when the batch states one.
    if (event.status && !created) statuses.push({ id: target.id, status: event.status });
    const earlier = owner.get(target.id);
    if (earlier !== undefined) {
      details.push({ field: `events[${i}]`, message: `is the same match as events[${earlier}]` });
    }
    owner.set(target.id, i);
    eventIds.push(target.id);
  }

  if (details.length > 0) throw new InvalidBatchError(details.slice(0, 20));
  for (const r of rescheduled) {
    await updateEventKickoff(trx, r.id, r.kickoffAt, now);
    if (slicer.due) await slicer.pause();
  }
  for (const s of statuses) {
    await updateEventStatus(trx, s.id, s.status, now);
    if (slicer.due) await slicer.pause();
  }
  await insertEvents(trx, newEvents);
  for (const [id, sportradarId] of learnt) {
    await setEventSportradarId(trx, id, sportradarId, now);
    if (slicer.due) await slicer.pause();
  }
  await insertExternalIds(trx, newIds);
  for (const m of moved) {
    await moveExternalId(trx, batch.provider, m.externalId, m.eventId);
    if (slicer.due) await slicer.pause();
  }
  await replaceNameIssues(trx, batch.provider, competitions, issues.rows());
  const rowsWritten = [
    ...rescheduled.map((r) => r.id),
    ...statuses.map((st) => st.id),
    ...newEvents.map((e) => e.id),
    ...learnt.keys(),
  ];
  return { eventIds, created: newEvents.length, leftEvents: [...left], rowsWritten };
}

/** The key of a stored team name under the current alias table (undefined when ambiguous now). */
function sideKey(clubs: ClubDirectory, name: string, competition: number): string | undefined {
  const side = sideOf(clubs, name, competition);
  return side.kind === 'club' ? side.key : undefined;
}
