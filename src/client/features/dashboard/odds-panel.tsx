import { useEffect, useRef } from 'react';
import { Alert, Spinner } from 'reactstrap';
import { ErrorCode } from '@shared/errors';
import { MSG, UI } from '@shared/messages';
import { useGetOddsQuery } from './odds.api';
import { EventList } from '../../components/odds/event-list';
import { useAppSelector } from '../../app/hooks';
import { selectOddsQueryArg } from './dashboard.selectors';
import { asAppError } from '../../lib/errors';
import { useShownError } from '../../lib/shown-error';
import { usePageVisible } from './use-page-visible';
import { useFavouriteTeams } from '../../lib/favourites.api';
import { useFavouritesFirst } from './my-teams';

/** Local signing failures carry their own message (docs/product.md §7), shown under the odds error. */
const LOCAL_FAILURES: readonly string[] = [ErrorCode.AUTH_TOKEN_NOT_FOUND, ErrorCode.AK_CLAIM_MISSING];

interface OddsPanelProps {
  pollingIntervalMs: number;
  /** The summary is still loading: show the loading state rather than nothing. */
  waiting: boolean;
}

/**
 * The odds area (docs/product.md §4): loading, error (odds cleared), the match list, or an empty message.
 * Polls while the tab is visible; a poll keeps the shown list until new data arrives.
 */
export function OddsPanel({ pollingIntervalMs, waiting }: OddsPanelProps) {
  const arg = useAppSelector(selectOddsQueryArg);
  const visible = usePageVisible();
  const { currentData, error, isError, isFetching, refetch } = useGetOddsQuery(arg, {
    pollingInterval: visible ? pollingIntervalMs : 0,
    skipPollingIfUnfocused: true,
  });
  useShownError('odds', isError ? error : undefined, MSG.oddsFailed);
  // The favourite teams' matches come first (docs/product.md §10).
  const events = useFavouritesFirst(currentData?.events, useFavouriteTeams(!currentData?.events?.length).favourites);

  // Coming back to the tab catches up at once instead of waiting for the next tick.
  const wasVisible = useRef(visible);
  useEffect(() => {
    if (visible && !wasVisible.current && typeof arg === 'object') void refetch();
    wasVisible.current = visible;
  }, [visible, arg, refetch]);

  let content;
  if (isError) {
    const failure = asAppError(error);
    content = (
      <Alert color="danger" fade={false}>
        {MSG.oddsFailed}
        {LOCAL_FAILURES.includes(failure.code) && <div className="small mt-1">{failure.message}</div>}
      </Alert>
    );
  } else if (currentData) {
    if (!currentData.events) content = <Alert color="info">{MSG.noOddsData}</Alert>;
    else if (currentData.events.length === 0) content = <Alert color="info">{MSG.noMatches}</Alert>;
    else content = <EventList events={events ?? []} source={currentData.source} linkToMatch teamStars />;
  } else if (isFetching || waiting) {
    content = (
      <div className="d-flex justify-content-center align-items-center py-5">
        <Spinner color="primary">{UI.loading}</Spinner>
      </div>
    );
  }

  return (
    <section className="odds-panel" aria-labelledby="dashboard-odds-heading" aria-busy={isFetching}>
      <h2 id="dashboard-odds-heading" className="visually-hidden">
        Matches
      </h2>
      {content}
    </section>
  );
}
