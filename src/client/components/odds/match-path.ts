/** The match page of an event (`/match/<eventId>`, SPEC §2): linked from cards and the drops list. */
export function matchPath(eventId: string): string {
  return `/match/${encodeURIComponent(eventId)}`;
}
