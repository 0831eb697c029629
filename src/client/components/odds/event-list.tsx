import type { OddsEventDto, EventSource } from '@shared/contract/odds';
import { DASHBOARD_MSG } from '@shared/dashboard-messages';
import { DemoDataBadge } from './demo-data-badge';
import { EventCard } from './event-card';

interface EventListProps {
  events: readonly OddsEventDto[];
  /** When 'demo', the list is labelled as demo data. */
  source?: EventSource;
  now?: Date;
  timeZone?: string;
  /** Each match's name links to its match page. */
  linkToMatch?: boolean;
}

/** Match cards in a list; labels demo-feed data with a visible 'Prices are simulated' (docs/architecture.md §5). */
export function EventList({ events, source, now, timeZone, linkToMatch }: EventListProps) {
  return (
    <>
      {source === 'demo' && (
        <p className="demo-banner small mb-2">
          <DemoDataBadge /> <span className="text-body-secondary">{DASHBOARD_MSG.simulated}</span>
        </p>
      )}
      <ul className="list-unstyled mb-0">
        {events.map((event) => (
          <li key={event.id}>
            <EventCard event={event} now={now} timeZone={timeZone} linkToMatch={linkToMatch} />
          </li>
        ))}
      </ul>
    </>
  );
}
