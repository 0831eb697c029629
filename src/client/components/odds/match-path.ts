/** The match page's route pattern, as app-routes.tsx declares it. */
export const MATCH_ROUTE = '/match/:eventId';

/** The match page of an event (`/match/<eventId>`): linked from cards and the drops list. */
export function matchHref(eventId: string): string {
  return `/match/${encodeURIComponent(eventId)}`;
}
