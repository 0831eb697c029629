import { Fragment, startTransition, useEffect, useState, type ReactNode } from 'react';
import type { OddsEventDto, EventSource } from '@shared/contract/odds';
import { DASHBOARD_MSG } from '@shared/dashboard-messages';
import { DemoDataBadge } from './demo-data-badge';
import { EventCard, type EventCardProps, type EventPick } from './event-card';

/** The cards' own options (links, picks, stars, league) apply to every card of the list. */
interface EventListProps extends Omit<EventCardProps, 'event' | 'picked'> {
  events: readonly OddsEventDto[];
  /** When 'demo', the list is labelled as demo data. */
  source?: EventSource;
  /** The chosen price per event id (prices are toggles when given). */
  picks?: ReadonlyMap<string, EventPick>;
  /** Shown after the first match (a one-time question), so it pushes no first price off the screen. */
  afterFirst?: ReactNode;
  /**
   * Render this many cards with the first paint and as many more in each following task: a long
   * list then never holds a phone's main thread in one long task. Only for a list rendered in
   * the browser, not hydrated (a prerendered page must match its HTML).
   */
  firstAtOnce?: number;
}

/**
 * How many cards to render now: `firstAtOnce` with the first paint, then as many more in each of
 * the following tasks (a transition React may interrupt), so no one task builds the whole list.
 * Every card at once without a window (a replay's static render) or without `firstAtOnce`.
 */
function useShownCount(count: number, firstAtOnce: number | undefined): number {
  const step = firstAtOnce && typeof window !== 'undefined' ? firstAtOnce : 0;
  const [shown, setShown] = useState(step || Number.POSITIVE_INFINITY);
  useEffect(() => {
    if (shown >= count) return;
    const next = setTimeout(() => startTransition(() => setShown((n) => n + step)), 0);
    return () => clearTimeout(next);
  }, [shown, count, step]);
  return Math.min(shown, count);
}

/** Match cards in a list; labels demo-feed data with a visible 'Prices are simulated'. */
export function EventList({ events, source, picks, afterFirst, firstAtOnce, ...card }: EventListProps) {
  const shown = useShownCount(events.length, firstAtOnce);
  return (
    <>
      {source === 'demo' && (
        <p className="demo-banner small mb-2">
          <DemoDataBadge /> <span className="text-body-secondary">{DASHBOARD_MSG.simulated}</span>
        </p>
      )}
      {/* Busy while later cards are still to come (assistive technology, and whoever reads the list whole). */}
      <ul className="list-unstyled mb-0" aria-busy={shown < events.length || undefined}>
        {events.slice(0, shown).map((event, i) => (
          <Fragment key={event.id}>
            <li>
              <EventCard event={event} picked={picks ? (picks.get(event.id) ?? null) : undefined} {...card} />
            </li>
            {i === 0 && afterFirst && <li>{afterFirst}</li>}
          </Fragment>
        ))}
      </ul>
    </>
  );
}
