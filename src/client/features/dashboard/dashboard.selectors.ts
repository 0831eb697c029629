/** Derived dashboard state, memoized (Redux style guide). */
import { createSelector } from '@reduxjs/toolkit';
import { skipToken } from '@reduxjs/toolkit/query';
import { competitionFlag, competitionName, marketName } from '@shared/lookups';
import { oddsApi, type OddsQueryArg } from '../../api/odds.api';
import { DASHBOARD_COUNTRY } from './dashboard.constants';
import { selectCompetitionId, selectMarketId } from './dashboard.slice';

export const selectDashboardSummary = oddsApi.endpoints.getSummary.select(DASHBOARD_COUNTRY);

/** The summary is usable: loaded and not failed (a failure replaces the filters; SPEC §8). */
const selectSummaryReady = createSelector(
  [selectDashboardSummary],
  (summary) => summary.data !== undefined && !summary.isError,
);

/**
 * The odds request to make, or `skipToken` while the summary, competition or market is missing
 * (SPEC §4: then no request is made and odds are cleared).
 */
export const selectOddsQueryArg = createSelector(
  [selectSummaryReady, selectCompetitionId, selectMarketId],
  (ready, competition, market): OddsQueryArg | typeof skipToken =>
    ready && competition !== null && market !== null ? { country: DASHBOARD_COUNTRY, competition, market } : skipToken,
);

export interface FilterOption {
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
  (summary.data?.marketIds ?? []).map((id) => ({ id, name: marketName(id) })),
);
