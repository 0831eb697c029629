/**
 * The team search over the cards: with the lists of the four leagues, in the
 * chunk of the panel that shows them, so the dashboard's first load carries none of it.
 */
import type { OddsEventDto } from '@shared/contract/odds';
import { matchesTeamSearch } from '@shared/team-search';
import { onDay, type DashboardView } from './dashboard-view';

export function filterEvents(
  events: readonly OddsEventDto[],
  view: Pick<DashboardView, 'day' | 'q'>,
  now: Date,
): readonly OddsEventDto[] {
  if (!view.q.trim() && view.day === null) return events;
  // Case, accents and the clubs' nicknames ('Spurs', 'Man Utd', 'Barca') do not matter.
  return events.filter((event) => onDay(event.date, view.day, now) && matchesTeamSearch(event.name, view.q));
}
