import type { OddsEventDto, EventSource } from '@shared/contract/odds';
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
  /** Each card has a star per team (docs/product.md §10). */
  teamStars?: boolean;
}

/** Match cards in a list; labels demo-feed data (docs/architecture.md §5). */
export function EventList({ events, source, now, timeZone, linkToMatch, teamStars }: EventListProps) {
  return (
    <>
      {source === 'demo' && (
        <p className="mb-2">
          <DemoDataBadge />
        </p>
      )}
      <ul className="list-unstyled mb-0">
        {events.map((event) => (
          <li key={event.id}>
            <EventCard event={event} now={now} timeZone={timeZone} linkToMatch={linkToMatch} teamStars={teamStars} />
          </li>
        ))}
      </ul>
    </>
  );
}
