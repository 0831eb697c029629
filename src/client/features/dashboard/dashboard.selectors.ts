/** Derived dashboard state, memoized (Redux style guide). */
import { createSelector } from '@reduxjs/toolkit';
import { skipToken } from '@reduxjs/toolkit/query';
import { NIGERIA_COUNTRY_ID, competitionFlag, competitionName, marketMenuName } from '@shared/lookups';
import { oddsApi, type OddsQueryArg } from './odds.api';
import { keepOrFirst, selectCompetitionId, selectMarketId } from './dashboard.slice';

/** The dashboard reads Nigeria's odds: summary and odds calls use country 1. */
const selectDashboardSummary = oddsApi.endpoints.getSummary.select(NIGERIA_COUNTRY_ID);
type DashboardRootState = Parameters<typeof selectDashboardSummary>[0] & Parameters<typeof selectCompetitionId>[0];

/** The summary is usable: loaded and not failed (a failure replaces the filters). */
const selectSummaryReady = createSelector(
  [selectDashboardSummary],
  (summary) => summary.data !== undefined && !summary.isError,
);

/** The league or market the address names (null when it names none). */
type Named = number | null;
const namedLeague = (_state: unknown, league: Named) => league;

/**
 * The league and market shown: the address's when the summary offers it, else the last pick when
 * the address names none, else the first offered (an address may name an unknown id
 * §2). Null until the summary is there.
 */
export const selectShownCompetitionId = createSelector(
  [selectDashboardSummary, selectCompetitionId, namedLeague],
  (summary, picked, named) =>
    summary.data && !summary.isError ? keepOrFirst(named ?? picked, summary.data.competitionIds) : null,
);
export const selectShownMarketId = createSelector(
  [selectDashboardSummary, selectMarketId, (_state: unknown, market: Named) => market],
  (summary, picked, named) =>
    summary.data && !summary.isError ? keepOrFirst(named ?? picked, summary.data.marketIds) : null,
);

/**
 * The odds request to make for the league and market the address names, or `skipToken` while the
 * summary, competition or market is missing (then no request is made and odds
 * are cleared).
 */
export const selectOddsQueryArg = createSelector(
  [
    selectSummaryReady,
    (state: DashboardRootState, league: Named) => selectShownCompetitionId(state, league),
    (state: DashboardRootState, _league: Named, market: Named) => selectShownMarketId(state, market),
  ],
  (ready, competition, market): OddsQueryArg | typeof skipToken =>
    ready && competition !== null && market !== null ? { country: NIGERIA_COUNTRY_ID, competition, market } : skipToken,
);

interface FilterOption {
  id: number;
  name: string;
  flag?: string;
}

export const selectCompetitionOptions = createSelector([selectDashboardSummary], (summary): FilterOption[] =>
  (summary.data?.competitionIds ?? []).map((id) => ({
    id,
    name: competitionName(id),
    flag: competitionFlag(id),
  })),
);

export const selectMarketOptions = createSelector([selectDashboardSummary], (summary): FilterOption[] =>
  (summary.data?.marketIds ?? []).map((id) => ({ id, name: marketMenuName(id) })),
);
