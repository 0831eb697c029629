import { lazy, Suspense, useDeferredValue, useMemo, type ReactNode } from 'react';
import { StatusAlert } from '../../components/status-alert';
import { ErrorCode } from '@shared/errors';
import { DASHBOARD_MSG } from '@shared/dashboard-messages';
import { MSG, UI } from '@shared/messages';
import { useGetOddsQuery } from './odds.api';
import { EventList } from '../../components/odds/event-list';
import { useOddsLayout } from './odds-layout';
import { useMinute } from '../../components/odds/use-minute';
import { SLIP_PICK_HINT } from '@shared/tools-nav';
import { useSlipPicks } from './slip-picks';
import { SlipHint } from './slip-hint';
import { MyBooksPrompt } from './my-books-prompt';
import { LayoutSwitch } from './layout-switch';
import { useOddsQueryArg } from './use-dashboard-address';
import { asAppError } from '../../lib/errors';
import { useShownError } from '../../lib/shown-error';
import { filterByDay, type DashboardView } from './dashboard-view';
import { useFavouriteList } from '../../lib/favourites.api';
import { ListedTeamsProvider } from '../../components/odds/team-stars';
import { useFavouritesFirst } from './my-teams';
import { ErrorMessageFor } from '../../components/error-ref';

// The dense table and its Table/Cards switch (wide screens only) load when first shown, in one
// chunk, so a phone's first load has none of them.
const OddsGrid = lazy(() =>
  import(/* webpackChunkName: "odds-grid" */ '../../components/odds/odds-grid').then((m) => ({ default: m.OddsGrid })),
);

/** Cards rendered with the first paint (a phone's screen and more), then per following task. */
const FIRST_CARDS = 3;
/** Local signing failures carry their own message, shown under the odds error. */
const LOCAL_FAILURES: readonly string[] = [ErrorCode.AUTH_TOKEN_NOT_FOUND, ErrorCode.AK_CLAIM_MISSING];

interface OddsPanelProps {
  /** The summary is still loading: show the loading state rather than nothing. */
  waiting: boolean;
  /** The day chip: it narrows the cards shown, not the request (a team search shows another panel). */
  view?: Pick<DashboardView, 'day'>;
  /**
   * Shown under the list or its message, never under the loading state: it appears with the answer
   * instead of being pushed down by it (a layout shift while the dashboard loads).
   */
  footer?: ReactNode;
}

const ALL_DAYS: Pick<DashboardView, 'day'> = { day: null };

/**
 * The odds area: loading, error (odds cleared), the match list, or an empty message.
 * Asked again when the dashboard's pulse says the odds moved; a refresh keeps the shown list until
 * new data arrives.
 */
export function OddsPanel({ waiting, view = ALL_DAYS, footer }: OddsPanelProps) {
  const arg = useOddsQueryArg();
  const { currentData, error, isError, isFetching } = useGetOddsQuery(arg);
  useShownError('odds', isError ? error : undefined, MSG.oddsFailed);
  // The cards render in the background (a transition React splits into short slices), so a
  // new answer never blocks the page for the whole list; until then the last list of the same
  // league and market stays. Another selection's list never does: the loading state shows.
  const latest = useMemo(() => ({ arg, data: currentData }), [arg, currentData]);
  const deferred = useDeferredValue(latest);
  const shown = deferred.arg === arg ? deferred.data : undefined;
  const minute = useMinute();
  const { day } = view;
  const filtered = useMemo(
    () => (shown?.events ? filterByDay(shown.events, day, new Date(minute)) : undefined),
    [shown, day, minute],
  );
  // The favourite teams' matches come first; the cards' stars read the same list (asked for once
  // there are matches, and kept while cards show).
  const teams = useFavouriteList(!currentData?.events?.length && !shown?.events?.length);
  const favourites = useMemo(() => new Set(teams), [teams]);
  const events = useFavouritesFirst(filtered, favourites);
  const picks = useSlipPicks();
  const { layout, switchable, choose } = useOddsLayout();

  let content;
  let answered = true;
  if (isError) {
    const failure = asAppError(error);
    content = (
      <StatusAlert color="danger">
        <ErrorMessageFor source="odds">{MSG.oddsFailed}</ErrorMessageFor>
        {LOCAL_FAILURES.includes(failure.code) && <div className="small mt-1">{failure.message}</div>}
      </StatusAlert>
    );
  } else if (shown) {
    if (!shown.events) content = <StatusAlert color="info">{MSG.noOddsData}</StatusAlert>;
    else if (shown.events.length === 0) content = <StatusAlert color="info">{MSG.noMatches}</StatusAlert>;
    else if (events?.length === 0) content = <StatusAlert color="info">{DASHBOARD_MSG.noFilteredMatches}</StatusAlert>;
    else
      content = (
        <>
          <SlipHint />
          {switchable && (
            <div className="d-flex justify-content-end mb-2">
              <LayoutSwitch layout={layout} onChange={choose} />
            </div>
          )}
          {layout === 'table' && typeof arg === 'object' ? (
            <Suspense fallback={null}>
              <OddsGrid
                events={events ?? []}
                marketId={arg.market}
                source={shown.source}
                onPick={picks.onPick}
                picks={picks.byEvent}
                pickHint={SLIP_PICK_HINT}
              />
              <MyBooksPrompt />
            </Suspense>
          ) : (
            <ListedTeamsProvider value={teams}>
              <EventList
                events={events ?? []}
                source={shown.source}
                linkToMatch
                onPick={picks.onPick}
                picks={picks.byEvent}
                pickHint={SLIP_PICK_HINT}
                teamStars
                // One league and one market at a time: the 'Select League' and 'Select Market' menus name them.
                showLeague={false}
                quietMarketName
                afterFirst={<MyBooksPrompt />}
                firstAtOnce={FIRST_CARDS}
              />
            </ListedTeamsProvider>
          )}
        </>
      );
  } else {
    answered = false;
    if (isFetching || waiting || currentData)
      content = (
        <div className="d-flex justify-content-center align-items-center py-5">
          <div className="spinner-border text-primary" role="status">
            <span className="visually-hidden">{UI.loading}</span>
          </div>
        </div>
      );
  }

  return (
    <section className="odds-panel" aria-labelledby="dashboard-odds-heading" aria-busy={isFetching}>
      <h2 id="dashboard-odds-heading" className="visually-hidden">
        Matches
      </h2>
      {content}
      {answered && footer}
    </section>
  );
}
