/**
 * Cross-book matching of real bookmaker names: one match listed by several books becomes one
 * event. Rules:
 *
 * - same competition, kick-off within ±15 minutes (a hard gate: no nearest-wins beyond it);
 * - both names must match: each name resolves through the alias table (club-aliases.txt, after
 *   the shared normalizer) to a club; a name the table does not know stands for itself;
 * - a name that can mean two clubs ("Manchester"), or an event that fits two known events, is
 *   ambiguous: reported, never merged;
 * - a book never lists one match twice, so an event already holding that book's event is not a
 *   candidate for another of the same book.
 */
import { normalizeTeamName } from '../matching/team-names';
import { type ClubDirectory, clubDirectory } from './club-aliases';

export const CROSS_BOOK_TOLERANCE_MS = 15 * 60 * 1000;

export interface BookEvent {
  provider: number;
  externalId: string;
  competition: number;
  home: string;
  away: string;
  /** ISO 8601 or epoch ms. */
  kickoff: string | number;
}

export interface MatchedEvent {
  /** A stable key of the match: competition, clubs and the first member's kick-off. */
  key: string;
  competition: number;
  home: string;
  away: string;
  kickoffAt: number;
  members: BookEvent[];
}

export interface AmbiguousEvent {
  event: BookEvent;
  reason: 'ambiguous-name' | 'two-candidates';
  /** The clubs an ambiguous name can mean, or the keys of the events it fits. */
  candidates: string[];
}

export interface CrossBookMatching {
  events: MatchedEvent[];
  ambiguous: AmbiguousEvent[];
}

export interface CrossBookOptions {
  toleranceMs?: number;
  clubs?: ClubDirectory;
}

type Side = { club: string } | { ambiguous: string[] };

function side(clubs: ClubDirectory, name: string, competition: number): Side {
  const resolved = clubs.resolve(name, competition);
  if (resolved.length > 1) return { ambiguous: resolved };
  return { club: resolved[0] ?? `?${normalizeTeamName(name)}` };
}

function kickoffMs(kickoff: string | number): number {
  return typeof kickoff === 'number' ? kickoff : Date.parse(kickoff);
}

/**
 * The known event a book's event belongs to: `match` (exactly one fits), `none`, or
 * `ambiguous` (a name means two clubs, or two known events fit).
 */
export function findCrossBookMatch(
  known: readonly MatchedEvent[],
  event: BookEvent,
  options: CrossBookOptions = {},
):
  | { kind: 'match'; event: MatchedEvent }
  | { kind: 'none'; home: string; away: string }
  | { kind: 'ambiguous'; reason: AmbiguousEvent['reason']; candidates: string[] } {
  const clubs = options.clubs ?? clubDirectory();
  const tolerance = options.toleranceMs ?? CROSS_BOOK_TOLERANCE_MS;
  const home = side(clubs, event.home, event.competition);
  const away = side(clubs, event.away, event.competition);
  if ('ambiguous' in home || 'ambiguous' in away) {
    return {
      kind: 'ambiguous',
      reason: 'ambiguous-name',
      candidates: [...('ambiguous' in home ? home.ambiguous : []), ...('ambiguous' in away ? away.ambiguous : [])],
    };
  }
  const at = kickoffMs(event.kickoff);
  const fits = known.filter(
    (k) =>
      k.competition === event.competition &&
      k.home === home.club &&
      k.away === away.club &&
      Math.abs(k.kickoffAt - at) <= tolerance &&
      !k.members.some((m) => m.provider === event.provider),
  );
  if (fits.length > 1) return { kind: 'ambiguous', reason: 'two-candidates', candidates: fits.map((f) => f.key) };
  if (fits.length === 1 && fits[0]) return { kind: 'match', event: fits[0] };
  return { kind: 'none', home: home.club, away: away.club };
}

/** Groups the events of several books into matches, in the order given; ambiguous events stay out and are reported. */
export function matchAcrossBooks(events: readonly BookEvent[], options: CrossBookOptions = {}): CrossBookMatching {
  const matched: MatchedEvent[] = [];
  const ambiguous: AmbiguousEvent[] = [];
  for (const event of events) {
    const found = findCrossBookMatch(matched, event, options);
    if (found.kind === 'match') {
      found.event.members.push(event);
    } else if (found.kind === 'ambiguous') {
      ambiguous.push({ event, reason: found.reason, candidates: found.candidates });
    } else {
      const kickoffAt = kickoffMs(event.kickoff);
      matched.push({
        key: `${event.competition}|${found.home}|${found.away}|${new Date(kickoffAt).toISOString()}`,
        competition: event.competition,
        home: found.home,
        away: found.away,
        kickoffAt,
        members: [event],
      });
    }
  }
  return { events: matched, ambiguous };
}
