import { Fragment, type ReactNode } from 'react';
import type { OddsEventDto, EventSource } from '@shared/contract/odds';
import { DASHBOARD_MSG } from '@shared/dashboard-messages';
import { DemoDataBadge } from './demo-data-badge';
import { EventCard, type EventPick } from './event-card';

interface EventListProps {
  events: readonly OddsEventDto[];
  /** When 'demo', the list is labelled as demo data. */
  source?: EventSource;
  now?: Date;
  timeZone?: string;
  /** Each match's name links to its match page. */
  linkToMatch?: boolean;
  /** Prices are toggles (the dashboard's bet slip); see EventCard. */
  onPick?: (event: OddsEventDto, marketId: number, selectionTypeId: number, providerId?: number) => void;
  /** The chosen price per event id (prices are toggles when given). */
  picks?: ReadonlyMap<string, EventPick>;
  pickHint?: string;
  /** Each card has a star per team (docs/product.md §11). */
  teamStars?: boolean;
  /** Each card names its league (default true); false for a list of one league. */
  showLeague?: boolean;
  /** Shown after the first match (a one-time question), so it pushes no first price off the screen. */
  afterFirst?: ReactNode;
}

/** Match cards in a list; labels demo-feed data with a visible 'Prices are simulated' (docs/architecture.md §5). */
export function EventList({
  events,
  source,
  now,
  timeZone,
  linkToMatch,
  onPick,
  picks,
  pickHint,
  teamStars,
  showLeague,
  afterFirst,
}: EventListProps) {
  return (
    <>
      {source === 'demo' && (
        <p className="demo-banner small mb-2">
          <DemoDataBadge /> <span className="text-body-secondary">{DASHBOARD_MSG.simulated}</span>
        </p>
      )}
      <ul className="list-unstyled mb-0">
        {events.map((event, i) => (
          <Fragment key={event.id}>
            <li>
              <EventCard
                event={event}
                now={now}
                timeZone={timeZone}
                linkToMatch={linkToMatch}
                onPick={onPick}
                picked={picks ? (picks.get(event.id) ?? null) : undefined}
                pickHint={pickHint}
                teamStars={teamStars}
                showLeague={showLeague}
              />
            </li>
            {i === 0 && afterFirst && <li>{afterFirst}</li>}
          </Fragment>
        ))}
      </ul>
    </>
  );
}
