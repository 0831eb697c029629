/**
 * The dashboard's view in its address:
 * `/dashboard?league=<competitionId>&market=<marketId>&day=today|tomorrow|weekend&q=<team text>`.
 * Pure: parsing never throws, and unknown or malformed values read as "not given" (the dashboard then
 * falls back to the first league and market, all days and no search).
 */
import type { OddsEventDto } from '@shared/contract/odds';

export const DAY_FILTERS = ['today', 'tomorrow', 'weekend'] as const;
export type DayFilter = (typeof DAY_FILTERS)[number];

export interface DashboardView {
  league: number | null;
  market: number | null;
  day: DayFilter | null;
  q: string;
}

/** The longest team search kept from an address. */
const MAX_QUERY = 60;

function idParam(value: string | null): number | null {
  return value !== null && /^\d{1,6}$/.test(value) ? Number(value) : null;
}

export function parseDashboardView(search: string): DashboardView {
  const params = new URLSearchParams(search);
  const day = params.get('day');
  return {
    league: idParam(params.get('league')),
    market: idParam(params.get('market')),
    day: (DAY_FILTERS as readonly string[]).includes(day ?? '') ? (day as DayFilter) : null,
    q: (params.get('q') ?? '').slice(0, MAX_QUERY),
  };
}

/** The search part of the view's address, '?league=1&market=1…' (parameters left out when empty). */
export function dashboardSearch(view: DashboardView, current = ''): string {
  // Parameters the view does not own (e.g. 'My teams', `mine`) are kept as they are.
  const params = new URLSearchParams(current);
  for (const key of ['league', 'market', 'day', 'q']) params.delete(key);
  if (view.league !== null) params.set('league', String(view.league));
  if (view.market !== null) params.set('market', String(view.market));
  if (view.day) params.set('day', view.day);
  if (view.q.trim()) params.set('q', view.q);
  const text = params.toString();
  return text ? `?${text}` : '';
}

const DAY_MS = 86_400_000;
/** Days since the epoch of a moment's calendar date in the runtime's (the user's) time zone. */
const localDay = (at: Date) => Math.round(Date.UTC(at.getFullYear(), at.getMonth(), at.getDate()) / DAY_MS);

/**
 * Whether an event kicks off on the chosen day, in the user's time zone: 'today', 'tomorrow', or
 * 'weekend' (the coming Saturday and Sunday; on a Saturday today and tomorrow, on a Sunday today).
 */
export function onDay(date: string, day: DayFilter | null, now: Date): boolean {
  if (day === null) return true;
  const kickoff = new Date(date);
  if (Number.isNaN(kickoff.getTime())) return false;
  const diff = localDay(kickoff) - localDay(now);
  if (day === 'today') return diff === 0;
  if (day === 'tomorrow') return diff === 1;
  const weekday = now.getDay();
  const saturday = weekday === 0 ? -1 : 6 - weekday;
  return diff >= Math.max(0, saturday) && diff <= saturday + 1;
}

/** The events that kick off on the chosen day (all of them without one). */
export function filterByDay(
  events: readonly OddsEventDto[],
  day: DayFilter | null,
  now: Date,
): readonly OddsEventDto[] {
  return day === null ? events : events.filter((event) => onDay(event.date, day, now));
}
