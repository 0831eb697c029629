import { memo, useCallback, useId, useMemo } from 'react';
import { Link } from 'react-router-dom';
import type { OddsEventDto } from '@shared/contract/odds';
import { formatKickoff } from '@shared/format';
import { competitionName } from '@shared/lookups';
import { CompetitionFlag } from './competition-flag';
import { matchHref } from './match-path';
import { OddsTable } from './odds-table';
import { TeamStars } from './team-stars';
import { useMinute } from './use-minute';
import './odds.css';

export interface EventCardProps {
  event: OddsEventDto;
  /** The moment 'Today'/'Tomorrow' are relative to; defaults to the current minute. */
  now?: Date;
  /** IANA zone for the kick-off label; defaults to the user's own zone. */
  timeZone?: string;
  /** The name links to the match page (logged-in lists; the public preview has no such page). */
  linkToMatch?: boolean;
  /** Prices are toggles (the dashboard's bet slip): tapping one reports the event, market, selection and book. */
  onPick?: (event: OddsEventDto, marketId: number, selectionTypeId: number, providerId?: number) => void;
  /** The chosen price of this event, null when none. */
  picked?: EventPick | null;
  /** What tapping a price does, for screen readers. */
  pickHint?: string;
  /** A star per team to add it to the person's teams (logged-in lists). */
  teamStars?: boolean;
  /**
   * The league's flag and name (default true). A one-league list leaves them out: the league
   * select above it already names the league.
   */
  showLeague?: boolean;
  /**
   * On a phone, the market's name over its table is for screen readers only (default false). A
   * one-market list sets it: the market select above it already names the market.
   */
  quietMarketName?: boolean;
}

/** A chosen price of an event. */
export interface EventPick {
  marketId: number;
  selectionTypeId: number;
  providerId: number;
}

function EventCardView({
  event,
  now,
  timeZone,
  linkToMatch = false,
  onPick,
  picked,
  pickHint,
  teamStars = false,
  showLeague = true,
  quietMarketName = false,
}: EventCardProps) {
  // The label only changes with the minute; formatting it builds Intl formatters, which is the
  // costliest part of re-rendering a card whose prices moved.
  const thisMinute = useMinute();
  const at = now?.getTime() ?? thisMinute;
  const headingId = useId();
  const pick = useCallback(
    (marketId: number, selectionTypeId: number, providerId?: number) =>
      onPick?.(event, marketId, selectionTypeId, providerId),
    [onPick, event],
  );
  const kickoff = useMemo(() => formatKickoff(event.date, new Date(at), timeZone), [event.date, at, timeZone]);
  return (
    <div className="card event-card mb-3 shadow-sm">
      <div className="card-body p-2 p-sm-3">
        <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-1 mb-2">
          <h3 id={headingId} className="h6 mb-0 event-card-heading">
            {linkToMatch ? <Link to={matchHref(event.id)}>{event.name}</Link> : event.name}
          </h3>
          <time dateTime={event.date} className="small text-body-secondary text-nowrap">
            {kickoff}
          </time>
        </div>
        {/* The league and the team stars share a line, so the first prices stay on a phone's first screen. */}
        {(showLeague || teamStars) && (
          <div className="d-flex align-items-center justify-content-between gap-1 mb-1 event-card-meta">
            {showLeague && (
              <p className="small text-body-secondary mb-0 text-nowrap">
                <CompetitionFlag competitionId={event.competitionId} /> {competitionName(event.competitionId)}
              </p>
            )}
            {teamStars && <TeamStars eventName={event.name} />}
          </div>
        )}
        {event.markets.map((market) => (
          <OddsTable
            key={market.marketId}
            market={market}
            eventLabelId={headingId}
            onPick={onPick && pick}
            pickHint={pickHint}
            pickHeaders={false}
            picked={picked === undefined ? undefined : picked?.marketId === market.marketId ? picked : null}
            quietNameOnPhone={quietMarketName}
          />
        ))}
      </div>
    </div>
  );
}

/**
 * A match with one odds table per market. Memoized on the event object: RTK Query's structural
 * sharing keeps unchanged events identical across polls, so a price tick re-renders only the
 * cards whose prices moved.
 */
export const EventCard = memo(
  EventCardView,
  (a, b) =>
    a.event === b.event &&
    a.now?.getTime() === b.now?.getTime() &&
    a.timeZone === b.timeZone &&
    a.linkToMatch === b.linkToMatch &&
    a.onPick === b.onPick &&
    a.picked === b.picked &&
    a.pickHint === b.pickHint &&
    a.teamStars === b.teamStars &&
    a.showLeague === b.showLeague &&
    a.quietMarketName === b.quietMarketName,
);
