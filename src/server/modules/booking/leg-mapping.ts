/**
 * A loaded booking code's legs mapped to our matches: by Sportradar id
 * first, then the book's own event id, then team names and kick-off within the matcher's tolerance;
 * each leg says why it is not matched when it is not.
 */
import type { LoadedLegDto } from '@shared/contract/booking';
import type { Db } from '../../core/db/connect';
import { isoOrNull } from '../../core/time';
import { DEFAULT_MATCH_TOLERANCE_MS } from '../odds/matching/event-matcher';
import { teamKey } from '../odds/matching/team-names';
import {
  type EventRow,
  findEventsByExternalIds,
  findEventsBySportradarIds,
  findEventsKickingOff,
} from './booking.repository';
import type { BookingBook, NativeLeg } from './books/book-types';

/** Each leg's match: Sportradar id, then the book's own event id, then names and kick-off. */
export async function mapLegs(db: Db, book: BookingBook, legs: readonly NativeLeg[]): Promise<LoadedLegDto[]> {
  const bySportradar = await findEventsBySportradarIds(
    db,
    legs.flatMap((l) => (l.sportradarId ? [l.sportradarId] : [])),
  );
  const byOwnId = await findEventsByExternalIds(
    db,
    book.provider,
    legs.map((l) => l.eventId),
  );
  const kickoffs = legs.flatMap((l) => (l.kickoffAt === null ? [] : [l.kickoffAt]));
  const near = kickoffs.length
    ? await findEventsKickingOff(
        db,
        book.country,
        Math.min(...kickoffs) - DEFAULT_MATCH_TOLERANCE_MS,
        Math.max(...kickoffs) + DEFAULT_MATCH_TOLERANCE_MS,
      )
    : [];
  return legs.map((leg) => {
    const event =
      (leg.sportradarId ? bySportradar.get(leg.sportradarId) : undefined) ??
      byOwnId.get(leg.eventId) ??
      byNames(near, leg);
    const kickoff = leg.kickoffAt ?? (event ? Number(event.kickoff_at) : null);
    const dto: LoadedLegDto = {
      eventId: event?.id ?? null,
      home: event?.home ?? leg.home,
      away: event?.away ?? leg.away,
      kickoff: isoOrNull(kickoff),
      market: leg.market,
      selection: leg.selection,
      price: leg.price,
      label: leg.label,
      matched: false,
    };
    if (!event) dto.reason = 'match_not_found';
    else if (leg.market === null || leg.selection === null) dto.reason = 'market_not_compared';
    else if (!leg.available || leg.price === null) dto.reason = 'unavailable';
    else dto.matched = true;
    return dto;
  });
}

/** The nearest scheduled event with the same teams (by team key) within the matcher's tolerance. */
function byNames(candidates: readonly EventRow[], leg: NativeLeg): EventRow | undefined {
  if (leg.kickoffAt === null || !leg.home || !leg.away) return undefined;
  const home = teamKey(leg.home);
  const away = teamKey(leg.away);
  let best: EventRow | undefined;
  let bestGap = Infinity;
  for (const event of candidates) {
    if (event.home_key !== home || event.away_key !== away) continue;
    const gap = Math.abs(Number(event.kickoff_at) - leg.kickoffAt);
    if (gap <= DEFAULT_MATCH_TOLERANCE_MS && gap < bestGap) {
      best = event;
      bestGap = gap;
    }
  }
  return best;
}
