/**
 * Cross-book identity of matches: the rules that decide
 * which known event a book's listing is, used by the ingest pipeline (ingest/event-resolution.ts)
 * over the stored events and by `matchAcrossBooks` over listings in memory.
 *
 * 1. **Sportradar id first.** A listing carrying an id belongs to the event with that id,
 *    whatever the names say. It never joins an event that carries another id, even when the
 *    names and kick-off agree (the id wins: two listings with different ids are two matches).
 * 2. **Names and kick-off otherwise**: same competition, kick-off within the tolerance, both names
 *    the same club after the alias table (club-aliases.ts; a name the table does not know stands
 *    for itself). An event already holding a listing of the same book is not a candidate (a book
 *    lists a match once), nor is an event with another Sportradar id than the listing's.
 * 3. **Never a guess.** A name that can mean two clubs ("Manchester", "Real M."), or a listing
 *    that fits two events carrying different Sportradar ids, is ambiguous: reported, not placed.
 * 4. Several events fitting by name without conflicting ids are one match listed apart (a name
 *    the alias table learnt since): the listing goes to the first of them in a fixed order — the
 *    one with a Sportradar id, then the oldest — so every book's next batch converges on it.
 */
import { normalizeTeamName } from '../matching/name-normalizer';
import { type ClubDirectory, type NameResolution, clubDirectory } from './club-aliases';

export const CROSS_BOOK_TOLERANCE_MS = 15 * 60 * 1000;

/** A known event as identity sees it. */
export interface IdentityEvent {
  id: string;
  competition: number;
  /** Display names as stored; their keys are taken again with the current alias table. */
  home: string;
  away: string;
  kickoffAt: number;
  sportradarId: string | null;
  createdAt: number;
  /** Providers with a listing on the event. */
  providers: ReadonlySet<number>;
}

/** A book's listing of a match. */
export interface Listing {
  provider: number;
  competition: number;
  home: string;
  away: string;
  kickoffAt: number;
  sportradarId?: string;
}

/** One side of a listing: the club's key and display name, or the clubs an ambiguous name can mean. */
export type Side =
  | { kind: 'club'; key: string; display: string; known: boolean; resolution: NameResolution }
  | { kind: 'ambiguous'; clubs: string[] };

const sides = new WeakMap<ClubDirectory, Map<string, Side>>();

/** A name's side under a directory (remembered per directory: a reloaded table starts afresh). */
export function sideOf(clubs: ClubDirectory, name: string, competition: number): Side {
  let cache = sides.get(clubs);
  if (!cache) sides.set(clubs, (cache = new Map()));
  const cacheKey = `${competition}|${name}`;
  const cached = cache.get(cacheKey);
  if (cached) return cached;
  const resolution = clubs.resolution(name, competition);
  let side: Side;
  if (resolution.kind === 'ambiguous') side = { kind: 'ambiguous', clubs: resolution.clubs };
  else if (resolution.kind === 'club') {
    side = { kind: 'club', key: normalizeTeamName(resolution.club), display: resolution.club, known: true, resolution };
  } else {
    const display = name.trim().replace(/\s+/g, ' ');
    side = { kind: 'club', key: normalizeTeamName(display), display, known: false, resolution };
  }
  if (cache.size >= 50_000) cache.clear();
  cache.set(cacheKey, side);
  return side;
}

/** The key of a stored event's team name under the current table. */
function storedKey(clubs: ClubDirectory, name: string, competition: number): string | undefined {
  const side = sideOf(clubs, name, competition);
  return side.kind === 'club' ? side.key : undefined;
}

export type Placement =
  | { kind: 'event'; event: IdentityEvent; by: 'sportradar' | 'names' }
  | { kind: 'new'; home: string; away: string; homeKey: string; awayKey: string }
  | { kind: 'ambiguous'; reason: 'ambiguous-name' | 'two-candidates'; candidates: string[] };

export interface IdentityOptions {
  toleranceMs?: number;
  clubs?: ClubDirectory;
  /**
   * An event already holding a listing of the same book is no candidate (default). The pipeline
   * turns it off for new listings: a book that re-issues its id for a match takes the match over,
   * and two listings of one batch on one match reject the batch.
   */
  oneListingPerBook?: boolean;
}

/** The fixed order among events that are one match: with a Sportradar id first, then the oldest, then by id. */
export function canonicalOrder(a: IdentityEvent, b: IdentityEvent): number {
  if ((a.sportradarId === null) !== (b.sportradarId === null)) return a.sportradarId === null ? 1 : -1;
  if (a.createdAt !== b.createdAt) return a.createdAt - b.createdAt;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * The known events a listing's names and kick-off fit (rule 2), excluding `except` (the event it
 * is already on) and events holding another listing of its book.
 */
export function eventsFittingNames(
  known: readonly IdentityEvent[],
  listing: Listing,
  options: IdentityOptions & { except?: string } = {},
): IdentityEvent[] | { ambiguous: string[] } {
  const clubs = options.clubs ?? clubDirectory();
  const tolerance = options.toleranceMs ?? CROSS_BOOK_TOLERANCE_MS;
  const onePerBook = options.oneListingPerBook ?? true;
  const home = sideOf(clubs, listing.home, listing.competition);
  const away = sideOf(clubs, listing.away, listing.competition);
  if (home.kind === 'ambiguous' || away.kind === 'ambiguous') {
    return {
      ambiguous: [...(home.kind === 'ambiguous' ? home.clubs : []), ...(away.kind === 'ambiguous' ? away.clubs : [])],
    };
  }
  return known.filter(
    (k) =>
      k.id !== options.except &&
      k.competition === listing.competition &&
      Math.abs(k.kickoffAt - listing.kickoffAt) <= tolerance &&
      !(onePerBook && k.providers.has(listing.provider)) &&
      (k.sportradarId === null || listing.sportradarId === undefined || k.sportradarId === listing.sportradarId) &&
      storedKey(clubs, k.home, k.competition) === home.key &&
      storedKey(clubs, k.away, k.competition) === away.key,
  );
}

/** Where a listing not yet placed belongs (rules 1–4). */
export function placeListing(
  known: readonly IdentityEvent[],
  listing: Listing,
  options: IdentityOptions = {},
): Placement {
  const clubs = options.clubs ?? clubDirectory();
  if (listing.sportradarId !== undefined) {
    const byId = known.find((k) => k.sportradarId === listing.sportradarId && k.competition === listing.competition);
    if (byId && (options.oneListingPerBook ?? true) && byId.providers.has(listing.provider)) {
      // The book lists that match already under another id of its own: not a second listing of it.
      return { kind: 'ambiguous', reason: 'two-candidates', candidates: [describe(byId)] };
    }
    if (byId) return { kind: 'event', event: byId, by: 'sportradar' };
  }
  const fitting = eventsFittingNames(known, listing, options);
  if (!Array.isArray(fitting)) return { kind: 'ambiguous', reason: 'ambiguous-name', candidates: fitting.ambiguous };
  const ids = new Set(fitting.map((f) => f.sportradarId).filter((id) => id !== null));
  if (ids.size > 1) {
    return { kind: 'ambiguous', reason: 'two-candidates', candidates: fitting.map(describe) };
  }
  const first = [...fitting].sort(canonicalOrder)[0];
  if (first) return { kind: 'event', event: first, by: 'names' };
  const home = sideOf(clubs, listing.home, listing.competition);
  const away = sideOf(clubs, listing.away, listing.competition);
  if (home.kind !== 'club' || away.kind !== 'club') {
    return { kind: 'ambiguous', reason: 'ambiguous-name', candidates: [] };
  }
  return { kind: 'new', home: home.display, away: away.display, homeKey: home.key, awayKey: away.key };
}

/** "Home vs Away, 2026-05-11T14:00:00.000Z" — how an event is named in reports. */
export function describe(event: Pick<IdentityEvent, 'home' | 'away' | 'kickoffAt'>): string {
  return `${event.home} vs ${event.away}, ${new Date(event.kickoffAt).toISOString()}`;
}

// ---------------------------------------------------------------------------------------------
// In memory: several books' listings grouped into matches.

export interface BookEvent {
  provider: number;
  externalId: string;
  competition: number;
  home: string;
  away: string;
  /** ISO 8601 or epoch ms. */
  kickoff: string | number;
  sportradarId?: string;
}

export interface MatchedEvent {
  /** A stable key of the match: competition, clubs and the first member's kick-off. */
  key: string;
  competition: number;
  home: string;
  away: string;
  kickoffAt: number;
  sportradarId: string | null;
  members: BookEvent[];
}

export interface AmbiguousEvent {
  event: BookEvent;
  reason: 'ambiguous-name' | 'two-candidates';
  /** The clubs an ambiguous name can mean, or the events it fits. */
  candidates: string[];
}

export interface CrossBookMatching {
  events: MatchedEvent[];
  ambiguous: AmbiguousEvent[];
}

function kickoffMs(kickoff: string | number): number {
  return typeof kickoff === 'number' ? kickoff : Date.parse(kickoff);
}

/** Groups the listings of several books into matches, in the order given; ambiguous ones stay out and are reported. */
export function matchAcrossBooks(events: readonly BookEvent[], options: IdentityOptions = {}): CrossBookMatching {
  const clubs = options.clubs ?? clubDirectory();
  const matched: MatchedEvent[] = [];
  const known: Array<IdentityEvent & { providers: Set<number> }> = [];
  const ambiguous: AmbiguousEvent[] = [];
  events.forEach((event, order) => {
    const listing: Listing = {
      provider: event.provider,
      competition: event.competition,
      home: event.home,
      away: event.away,
      kickoffAt: kickoffMs(event.kickoff),
      ...(event.sportradarId !== undefined ? { sportradarId: event.sportradarId } : {}),
    };
    const placed = placeListing(known, listing, { ...options, clubs });
    if (placed.kind === 'ambiguous') {
      ambiguous.push({ event, reason: placed.reason, candidates: placed.candidates });
      return;
    }
    if (placed.kind === 'event') {
      const index = known.indexOf(placed.event as IdentityEvent & { providers: Set<number> });
      const target = matched[index] as MatchedEvent;
      target.members.push(event);
      known[index]?.providers.add(event.provider);
      if (listing.sportradarId !== undefined && target.sportradarId === null) {
        target.sportradarId = listing.sportradarId;
        (known[index] as IdentityEvent).sportradarId = listing.sportradarId;
      }
      return;
    }
    matched.push({
      key: `${event.competition}|${placed.home}|${placed.away}|${new Date(listing.kickoffAt).toISOString()}`,
      competition: event.competition,
      home: placed.home,
      away: placed.away,
      kickoffAt: listing.kickoffAt,
      sportradarId: listing.sportradarId ?? null,
      members: [event],
    });
    known.push({
      id: String(matched.length - 1),
      competition: event.competition,
      home: placed.home,
      away: placed.away,
      kickoffAt: listing.kickoffAt,
      sportradarId: listing.sportradarId ?? null,
      createdAt: order,
      providers: new Set([event.provider]),
    });
  });
  return { events: matched, ambiguous };
}
