import { createSelector } from '@reduxjs/toolkit';
import { useMemo, type ReactNode } from 'react';
import { Spinner } from 'reactstrap';
import { StatusAlert } from '../../components/status-alert';
import { ALERTS_MSG } from '@shared/alerts-messages';
import type { OddsEventDto } from '@shared/contract/odds';
import { COMPETITIONS, NIGERIA_COUNTRY_ID } from '@shared/lookups';
import { MSG, UI } from '@shared/messages';
import { useAppSelector } from '../../app/hooks';
import { EventList } from '../../components/odds/event-list';
import { hasFavourite, useFavouriteList } from '../../lib/favourites.api';
import { ListedTeamsProvider } from '../../components/odds/team-stars';
import { useShownError } from '../../lib/shown-error';
import { useShownPick } from './use-dashboard-address';
import { oddsApi, useGetOddsQuery, type OddsQueryArg } from './odds.api';
import { SLIP_PICK_HINT } from '@shared/tools-nav';
import { useSlipPicks } from './slip-picks';
import { DASHBOARD_MSG } from '@shared/dashboard-messages';
import { useMinute } from '../../components/odds/use-minute';
import type { DashboardView } from './dashboard-view';
import { filterEvents } from './team-search-filter';
import { ErrorMessageFor } from '../../components/error-ref';

const leagueArg = (competition: number, market: number): OddsQueryArg => ({
  country: NIGERIA_COUNTRY_ID,
  competition,
  market,
});

/** Keeps one league's list of the selected market fetched (the pulse refreshes it); renders nothing. */
function LeagueSubscription({ competition, market }: LeagueProps) {
  useGetOddsQuery(leagueArg(competition, market));
  return null;
}

interface LeagueProps {
  competition: number;
  market: number;
}

const NO_LEAGUES: never[] = [];

/** The four leagues' cached answers for a market, as one memoized list. */
const makeSelectLeagues = (market: number) =>
  createSelector(
    COMPETITIONS.map((c) => oddsApi.endpoints.getOdds.select(leagueArg(c.id, market))),
    (...leagues) => leagues,
  );

/**
 * "My teams": the favourite teams' matches of the selected market across
 * the four leagues (the dashboard otherwise asks one league at a time), by kick-off. With `search`
 * it lists instead the matches of the four leagues that answer the team
 * search and the day chip, each card naming its league.
 */
export function MyTeamsPanel({ search, footer }: { search?: Pick<DashboardView, 'day' | 'q'>; footer?: ReactNode }) {
  const { marketId: market } = useShownPick();
  const teams = useFavouriteList();
  const favourites = useMemo(() => new Set(teams), [teams]);
  const minute = useMinute();
  const picks = useSlipPicks();
  const selectLeagues = useMemo(() => (market === null ? () => NO_LEAGUES : makeSelectLeagues(market)), [market]);
  const leagues = useAppSelector(selectLeagues);
  const failed = leagues.length > 0 && leagues.every((league) => league.isError);
  useShownError('odds', failed ? leagues[0]?.error : undefined, MSG.oddsFailed);
  const pending = leagues.some((league) => league.isUninitialized || (league.isLoading && !league.data));
  const events = useMemo(() => {
    const all: OddsEventDto[] = leagues.flatMap((league) => league.data?.events ?? []);
    const chosen = search
      ? filterEvents(all, search, new Date(minute))
      : all.filter((e) => hasFavourite(e.name, favourites));
    return [...chosen].sort((a, b) => a.date.localeCompare(b.date));
  }, [leagues, favourites, search, minute]);

  // A team search and 'My teams' show the same states; only 'My teams' can have nothing to follow.
  let content;
  let answered = true;
  if (!search && favourites.size === 0) content = <StatusAlert color="info">{ALERTS_MSG.myTeamsEmpty}</StatusAlert>;
  else if (failed)
    content = (
      <StatusAlert color="danger">
        <ErrorMessageFor source="odds">{MSG.oddsFailed}</ErrorMessageFor>
      </StatusAlert>
    );
  else if (events.length > 0)
    content = (
      // The cards' stars read the list this panel has read.
      <ListedTeamsProvider value={teams}>
        <EventList
          events={events}
          linkToMatch
          teamStars
          onPick={picks.onPick}
          picks={picks.byEvent}
          pickHint={SLIP_PICK_HINT}
        />
      </ListedTeamsProvider>
    );
  else if (pending) {
    answered = false;
    content = (
      <div className="d-flex justify-content-center align-items-center py-5">
        <Spinner color="primary">{UI.loading}</Spinner>
      </div>
    );
  } else
    content = (
      <StatusAlert color="info">{search ? DASHBOARD_MSG.noFilteredMatches : ALERTS_MSG.myTeamsNoMatches}</StatusAlert>
    );

  return (
    <section className="odds-panel" aria-labelledby="dashboard-odds-heading" aria-busy={pending}>
      <h2 id="dashboard-odds-heading" className="visually-hidden">
        {search ? DASHBOARD_MSG.matches : ALERTS_MSG.myTeams}
      </h2>
      {search && (
        <p className="small text-body-secondary mb-2 dashboard-search-note">{DASHBOARD_MSG.searchAllLeagues}</p>
      )}
      {market !== null && COMPETITIONS.map((c) => <LeagueSubscription key={c.id} competition={c.id} market={market} />)}
      {content}
      {/* As under the league's list: with the answer, not under the loading state. */}
      {answered && footer}
    </section>
  );
}
