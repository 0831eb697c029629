/** Derived dashboard state, memoized (Redux style guide). */
import { createSelector } from '@reduxjs/toolkit';
import { skipToken } from '@reduxjs/toolkit/query';
import { NIGERIA_COUNTRY_ID, competitionFlag, competitionName, marketMenuName } from '@shared/lookups';
import { oddsApi, type OddsQueryArg } from './odds.api';
import { keepOrFirst, selectCompetitionId, selectMarketId } from './dashboard.slice';

/** The dashboard reads Nigeria's odds: summary and odds calls use country 1 (docs/product.md §7). */
const selectDashboardSummary = oddsApi.endpoints.getSummary.select(NIGERIA_COUNTRY_ID);

/** The summary is usable: loaded and not failed (a failure replaces the filters; docs/product.md §8). */
const selectSummaryReady = createSelector(
  [selectDashboardSummary],
  (summary) => summary.data !== undefined && !summary.isError,
);

/**
 * The league and market shown: the pick when the summary offers it, else the first offered (an
 * address may name an unknown id; docs/product.md §2). Null until the summary is there.
 */
export const selectShownCompetitionId = createSelector([selectDashboardSummary, selectCompetitionId], (summary, id) =>
  summary.data && !summary.isError ? keepOrFirst(id, summary.data.competitionIds) : null,
);
export const selectShownMarketId = createSelector([selectDashboardSummary, selectMarketId], (summary, id) =>
  summary.data && !summary.isError ? keepOrFirst(id, summary.data.marketIds) : null,
);

/**
 * The odds request to make, or `skipToken` while the summary, competition or market is missing
 * (docs/product.md §4: then no request is made and odds are cleared).
 */
export const selectOddsQueryArg = createSelector(
  [selectSummaryReady, selectShownCompetitionId, selectShownMarketId],
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
