import { useCallback, useId, useMemo, useState } from 'react';
import { matchPath, useLocation } from 'react-router-dom';
import { Alert, Spinner } from 'reactstrap';
import { ODDS_POLL_INTERVAL_MS } from '@shared/constants';
import { ErrorCode } from '@shared/errors';
import { formatKickoff } from '@shared/format';
import { competitionName, MATCH_RESULT_MARKET_ID } from '@shared/lookups';
import { MATCH_MSG } from '@shared/match-messages';
import { UI } from '@shared/messages';
import { CompetitionFlag } from '../../components/odds/competition-flag';
import { MATCH_ROUTE } from '../../components/odds/match-path';
import { OddsTable } from '../../components/odds/odds-table';
import { MyBooksToggle } from '../../components/odds/my-books-toggle';
import { MyBooksScope } from '../../lib/my-books';
import { useMyBooksContext } from '../../lib/my-books-context';
import { rowsOfBooks } from '@shared/my-books';
import { TeamStars } from '../../components/odds/team-stars';
import { useMinute } from '../../components/odds/use-minute';
import { asAppError } from '../../lib/errors';
import { useShownError } from '../../lib/shown-error';
import { BestPrices } from './best-prices';
import { FairPrices } from './fair-prices';
import { HistoryPanel } from './history-panel';
import { useGetEventDetailQuery } from './match.api';
import { indexOpenings, OpeningTable } from './opening-table';
import './match.css';
import { ErrorMessageFor } from '../../components/error-ref';

interface MatchPageProps {
  /** Refresh period of the prices; tests shorten or fix it. */
  pollingIntervalMs?: number;
  /** The moment labels and the chart's time axis are relative to (tests fix it). */
  now?: number;
  timeZone?: string;
}

interface Pick {
  marketId: number;
  selectionTypeId: number;
  /** The book whose price was tapped (none for a selection header or the best-price summary). */
  providerId?: number;
}

/**
 * `/match/<eventId>`: the match's name, kick-off and league; the best 1X2 prices; one
 * odds table per market (the dashboard's table), each price and selection opening its price
 * history; and per market the opening → current prices of every bookmaker.
 */
export function MatchPage(props: MatchPageProps) {
  // "My bookmakers": their rows first in every table, and the toggle.
  return (
    <MyBooksScope>
      <Match {...props} />
    </MyBooksScope>
  );
}

function Match({ pollingIntervalMs = ODDS_POLL_INTERVAL_MS, now, timeZone }: MatchPageProps) {
  // Read with matchPath (already in the first bundle) rather than useParams, which would add
  // to the shared router code every page loads.
  const eventId = matchPath(MATCH_ROUTE, useLocation().pathname)?.params.eventId ?? '';
  const { data, error, isError, isLoading } = useGetEventDetailQuery(eventId, {
    pollingInterval: pollingIntervalMs,
    skipPollingIfUnfocused: true,
  });
  const notFound = isError && asAppError(error).code === ErrorCode.NOT_FOUND;
  useShownError('match', isError ? error : undefined, notFound ? MATCH_MSG.notFound : MATCH_MSG.failed);
  const thisMinute = useMinute();
  const at = now ?? thisMinute;
  const headingId = useId();
  const [pick, setPick] = useState<Pick | null>(null);
  const onPick = useCallback(
    (marketId: number, selectionTypeId: number, providerId?: number) =>
      setPick({ marketId, selectionTypeId, providerId }),
    [],
  );
  const event = isError ? undefined : data?.event;
  const myBooks = useMyBooksContext();
  const opening = data?.opening;
  const openings = useMemo(
    () => new Map((event?.markets ?? []).map((m) => [m.marketId, indexOpenings(opening ?? [], m.marketId)])),
    [event, opening],
  );

  if (isError)
    return (
      <main className="container py-3 match-page">
        <h1 className="h4">{MATCH_MSG.title}</h1>
        <Alert color={notFound ? 'info' : 'danger'} fade={false}>
          <ErrorMessageFor source="match">{notFound ? MATCH_MSG.notFound : MATCH_MSG.failed}</ErrorMessageFor>
        </Alert>
      </main>
    );
  if (!event)
    return (
      <main className="container py-5 text-center match-page" aria-busy={isLoading}>
        <h1 className="visually-hidden">{MATCH_MSG.title}</h1>
        <Spinner color="primary">{UI.loading}</Spinner>
      </main>
    );

  const markets = [...event.markets].sort((a, b) => a.marketId - b.marketId);
  const resultMarket = markets.find((m) => m.marketId === MATCH_RESULT_MARKET_ID) ?? markets[0];
  // "My books only": the summary's best prices among the person's books.
  const summaryMarket = resultMarket && myBooks.limit ? rowsOfBooks(resultMarket, myBooks.limit) : resultMarket;
  return (
    <main className="container py-3 match-page">
      <header className="mb-3">
        <h1 id={headingId} className="h4 mb-1 match-title">
          {event.name}
        </h1>
        <p className="mb-0 text-body-secondary small d-flex flex-wrap gap-2">
          <time dateTime={event.date}>{formatKickoff(event.date, new Date(at), timeZone)}</time>
          <span>
            <CompetitionFlag competitionId={event.competitionId} /> {competitionName(event.competitionId)}
          </span>
        </p>
        <TeamStars eventName={event.name} className="mt-2" />
        <MyBooksToggle className="mt-2" />
      </header>
      {summaryMarket && (
        <BestPrices
          market={summaryMarket}
          onPick={(selectionTypeId) => onPick(summaryMarket.marketId, selectionTypeId)}
        />
      )}
      <h2 className="h6 mb-1">{MATCH_MSG.allMarkets}</h2>
      <p className="small text-body-secondary mb-2">{MATCH_MSG.tapHint}</p>
      {markets.map((market) => (
        <div key={market.marketId} className="match-market">
          <OddsTable market={market} eventLabelId={headingId} onPick={onPick} />
          <FairPrices market={market} />
          {pick?.marketId === market.marketId && (
            <HistoryPanel
              eventId={event.id}
              market={market}
              selectionTypeId={pick.selectionTypeId}
              providerId={pick.providerId}
              eventName={event.name}
              openings={openings.get(market.marketId) ?? new Map()}
              onClose={() => setPick(null)}
              now={now}
              timeZone={timeZone}
            />
          )}
          <OpeningTable market={market} openings={openings.get(market.marketId) ?? new Map()} />
        </div>
      ))}
    </main>
  );
}
