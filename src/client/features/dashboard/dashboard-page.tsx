import { lazy, memo, Suspense } from 'react';
import { StatusAlert } from '../../components/status-alert';
import { ODDS_POLL_INTERVAL_MS } from '@shared/constants';
import { NIGERIA_COUNTRY_ID } from '@shared/lookups';
import { MSG } from '@shared/messages';
import { useShownError } from '../../lib/shown-error';
import { useGetSummaryQuery } from './odds.api';
import { DashboardFilters } from './dashboard-filters';
import { FreshnessLine } from './freshness-line';
import { MarginLegend } from './margin-legend';
import { BookKey } from '../../components/odds/book-key';
import { MyBooksToggle } from '../../components/odds/my-books-toggle';
import { MyBooksScope } from '../../lib/my-books';
import { OddsPanel } from './odds-panel';
import { MyTeamsChip } from './my-teams-chip';
import { useMyTeams } from './my-teams';
import { SummaryBar } from './summary-bar';
import { usePulse } from '../../lib/pulse.api';
import { useDashboardAddress } from './use-dashboard-address';
import { ViewFilters } from './view-filters';
import './dashboard.css';
import { ErrorMessageFor } from '../../components/error-ref';

// 'My teams' loads when it is switched on, not with the dashboard.
const MyTeamsPanel = lazy(() =>
  import(/* webpackChunkName: "my-teams" */ './my-teams-panel').then((m) => ({ default: m.MyTeamsPanel })),
);

// The parts of the page, each re-rendered only when its own props or store reads change: the page
// itself re-renders with every start-up answer it reads (the summary, the pulse, the address being
// rewritten), and re-rendering the whole of it each time was most of the work those answers cost.
const Summary = memo(SummaryBar);
const Freshness = memo(FreshnessLine);
const Filters = memo(DashboardFilters);
const Views = memo(ViewFilters);
const Legend = memo(MarginLegend);
const Odds = memo(OddsPanel);
/**
 * What the marks stand for, under the list so the first match's best prices stay on a phone's
 * first screen; the panels show it with their answer, so the list never pushes it down.
 */
const KEY = <BookKey />;
/** The chips after the day chips, the same element every render so the memoized row keeps it. */
const VIEW_CHIPS = (
  <>
    <MyTeamsChip />
    <MyBooksToggle />
  </>
);

interface DashboardPageProps {
  /** The pulse's period (the odds' refresh); tests shorten it. */
  pollingIntervalMs?: number;
}

/**
 * Home for logged-in users: the summary bar, the freshness line, the league and
 * market filters, the day chips and team search, and the odds of the selected pair; the view lives in
 * the address (`?league=&market=&day=&q=`). While the summary loads the filters are there but
 * disabled; a failed summary shows '-' counters and an alert instead of the freshness line and
 * the filters.
 */
export function DashboardPage(props: DashboardPageProps) {
  // "My bookmakers": their rows first in every table, the toggle beside 'My teams'.
  return (
    <MyBooksScope>
      <Dashboard {...props} />
    </MyBooksScope>
  );
}

function Dashboard({ pollingIntervalMs = ODDS_POLL_INTERVAL_MS }: DashboardPageProps) {
  // One small conditional request per beat, paused while the tab is hidden: the odds, the counters,
  // the freshness line and the bell are asked again only when the pulse says they moved.
  const { data, isError, isLoading, error } = useGetSummaryQuery(NIGERIA_COUNTRY_ID);
  usePulse(NIGERIA_COUNTRY_ID, pollingIntervalMs, data !== undefined);
  useShownError('summary', isError ? error : undefined, MSG.summaryFailed);
  const summary = isError ? undefined : data;
  const [view, changeView] = useDashboardAddress();
  const [myTeams] = useMyTeams();

  return (
    <main className="container py-3 dashboard-page">
      <h1 className="visually-hidden">Dashboard</h1>
      <Summary summary={summary} loading={isLoading} />
      {!isError && <Freshness ready={summary !== undefined} />}
      {isError ? (
        <StatusAlert color="danger">
          <ErrorMessageFor source="summary">{MSG.summaryFailed}</ErrorMessageFor>
        </StatusAlert>
      ) : (
        // Shown (the selects disabled) while the summary loads, so nothing below moves when it arrives.
        <>
          <Filters disabled={!summary} />
          <Views view={view} onChange={changeView}>
            {VIEW_CHIPS}
          </Views>
          <Legend />
        </>
      )}
      {!isError &&
        (myTeams && summary ? (
          <Suspense fallback={null}>
            <MyTeamsPanel footer={KEY} />
          </Suspense>
        ) : view.q.trim() && summary ? (
          // A team search looks in all four leagues, not only the selected one.
          <Suspense fallback={null}>
            <MyTeamsPanel search={view} footer={KEY} />
          </Suspense>
        ) : (
          <Odds waiting={isLoading} view={view} footer={KEY} />
        ))}
    </main>
  );
}
