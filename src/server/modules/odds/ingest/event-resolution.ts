/**
 * The matching step of the pipeline: each event of a batch becomes an event id — the one the
 * provider's external id already maps to, else a known event of another provider that
 * matches (event-matcher.ts), else a new event. New mappings and events, kick-offs moved
 * beyond the tolerance and statuses the batch states are written in the caller's transaction.
 * Two events of one batch landing on the same match reject the batch.
 */
import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { EventStatus } from '@shared/contract/ingest';
import type { EventSource } from '@shared/contract/odds';
import type { FieldError } from '@shared/errors';
import type { Database } from '../../../database';
import type { FeedBatch } from '@shared/contract/ingest';
import { InvalidBatchError, withinDateRange } from '../feed/feed-validation';
import { type MatchableEvent, findMatchingEvent } from '../matching/event-matcher';
import { canonicalTeamName, teamKey } from '../matching/team-names';
import {
  type EventRow,
  findEventsBetween,
  findEventsByIds,
  findExternalIds,
  insertEvents,
  insertExternalIds,
  updateEventKickoff,
  updateEventStatus,
} from '../odds.repository';

interface ResolvedEvents {
  /** Event id of each batch event, by index. */
  eventIds: string[];
  created: number;
}

interface Context {
  now: number;
  source: EventSource;
  toleranceMs: number;
}

const newEventId = () => `evt_${randomBytes(8).toString('hex')}`;

function matchable(row: EventRow): MatchableEvent {
  return {
    id: row.id,
    competitionId: Number(row.competition_id),
    homeKey: row.home_key,
    awayKey: row.away_key,
    kickoffAt: Number(row.kickoff_at),
  };
}

/** Whether home and away name the event's teams (by team key, so aliases and spelling agree). */
function sameMatch(row: EventRow, home: string, away: string): boolean {
  return teamKey(home) === row.home_key && teamKey(away) === row.away_key;
}

export async function resolveEvents(
  trx: Transaction<Database>,
  batch: FeedBatch,
  { now, source, toleranceMs }: Context,
): Promise<ResolvedEvents> {
  const known = await findExternalIds(
    trx,
    batch.provider,
    batch.events.map((e) => e.externalId),
  );
  const mapped = new Map((await findEventsByIds(trx, [...new Set(known.values())])).map((r) => [r.id, r]));
  const kickoffs = batch.events.map((e) => Date.parse(e.kickoff));
  const competitions = [...new Set(batch.events.map((e) => e.competition))];
  const candidates: MatchableEvent[] =
    kickoffs.length === 0
      ? []
      : (
          await findEventsBetween(
            trx,
            batch.country,
            competitions,
            Math.min(...kickoffs) - toleranceMs,
            Math.max(...kickoffs) + toleranceMs,
          )
        ).map(matchable);

  const details: FieldError[] = [];
  // Dates a year or more away are a feed's mistake (0000, 9999, a wrong year).
  if (!withinDateRange(Date.parse(batch.fetchedAt), now)) {
    details.push({ field: 'fetchedAt', message: 'must be within a year of now' });
  }
  kickoffs.forEach((at, i) => {
    if (!withinDateRange(at, now))
      details.push({ field: `events[${i}].kickoff`, message: 'must be within a year of now' });
  });
  const eventIds: string[] = [];
  const owner = new Map<string, number>();
  const newEvents: EventRow[] = [];
  const newIds: Array<{ provider_id: number; external_id: string; event_id: string; created_at: number }> = [];
  const rescheduled: Array<{ id: string; kickoffAt: number }> = [];
  const statuses: Array<{ id: string; status: EventStatus }> = [];

  batch.events.forEach((event, i) => {
    const kickoffAt = kickoffs[i] as number;
    const existingId = known.get(event.externalId);
    let eventId: string;
    let created = false;
    if (existingId) {
      eventId = existingId;
      const row = mapped.get(existingId);
      if (row && Number(row.competition_id) !== event.competition) {
        details.push({
          field: `events[${i}].competition`,
          message: `differs from competition ${row.competition_id} of the event this externalId names`,
        });
      } else if (row && !sameMatch(row, event.home, event.away)) {
        // An externalId names one match for good: a different pairing never takes its prices.
        details.push({
          field: `events[${i}].externalId`,
          message: `is bound to ${row.home} vs ${row.away}; a different match needs its own externalId`,
        });
      } else if (row && Number(row.country_id) !== batch.country) {
        details.push({
          field: `events[${i}].externalId`,
          message: `names an event of country ${row.country_id}, not of the batch's country`,
        });
      } else if (row && Math.abs(Number(row.kickoff_at) - kickoffAt) > toleranceMs) {
        // Rescheduled: a kick-off beyond the tolerance is news, not a bookmaker's rounding.
        rescheduled.push({ id: existingId, kickoffAt });
      }
    } else {
      const query = {
        competitionId: event.competition,
        homeKey: teamKey(event.home),
        awayKey: teamKey(event.away),
        kickoffAt,
      };
      const match = findMatchingEvent(candidates, query, toleranceMs);
      if (match) {
        eventId = match.id;
      } else {
        eventId = newEventId();
        created = true;
        candidates.push({ id: eventId, ...query });
        newEvents.push({
          id: eventId,
          country_id: batch.country,
          competition_id: event.competition,
          home: canonicalTeamName(event.home),
          away: canonicalTeamName(event.away),
          home_key: query.homeKey,
          away_key: query.awayKey,
          kickoff_at: kickoffAt,
          status: event.status ?? 'scheduled',
          source,
          created_at: now,
          updated_at: now,
        });
      }
      newIds.push({ provider_id: batch.provider, external_id: event.externalId, event_id: eventId, created_at: now });
    }
    // A new event is inserted with its status; a known one changes only when the batch states one.
    if (event.status && !created) statuses.push({ id: eventId, status: event.status });
    const earlier = owner.get(eventId);
    if (earlier !== undefined) {
      details.push({ field: `events[${i}]`, message: `is the same match as events[${earlier}]` });
    }
    owner.set(eventId, i);
    eventIds.push(eventId);
  });

  if (details.length > 0) throw new InvalidBatchError(details.slice(0, 20));
  for (const r of rescheduled) await updateEventKickoff(trx, r.id, r.kickoffAt, now);
  for (const s of statuses) await updateEventStatus(trx, s.id, s.status, now);
  await insertEvents(trx, newEvents);
  await insertExternalIds(trx, newIds);
  return { eventIds, created: newEvents.length };
}
