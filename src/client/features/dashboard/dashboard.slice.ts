/**
 * The dashboard's selected competition and market (docs/architecture.md §6). Selections are events
 * (`competitionSelected`, `marketSelected`); when the summary arrives, the first competition and
 * first market are preselected unless the current pick is still offered (docs/product.md §4). The slice
 * comes with the dashboard's chunk and injects itself into the root reducer.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { NIGERIA_COUNTRY_ID } from '@shared/lookups';
import { oddsApi } from './odds.api';
import { rootReducer } from '../../app/store';

export interface DashboardState {
  competitionId: number | null;
  marketId: number | null;
}

const initialState: DashboardState = { competitionId: null, marketId: null };

/** The current pick when it is still offered, else the first offered id, else none. */
export function keepOrFirst(current: number | null, offered: readonly number[] | undefined): number | null {
  if (current !== null && offered?.includes(current)) return current;
  return offered?.[0] ?? null;
}

export const dashboardSlice = createSlice({
  name: 'dashboard',
  initialState,
  reducers: {
    competitionSelected(state, action: PayloadAction<number>) {
      state.competitionId = action.payload;
    },
    marketSelected(state, action: PayloadAction<number>) {
      state.marketId = action.payload;
    },
    /** The address named a league and/or market (a reload, a shared link; docs/product.md §2). */
    dashboardLinkOpened(state, action: PayloadAction<{ competitionId: number | null; marketId: number | null }>) {
      if (action.payload.competitionId !== null) state.competitionId = action.payload.competitionId;
      if (action.payload.marketId !== null) state.marketId = action.payload.marketId;
    },
  },
  extraReducers: (builder) => {
    builder.addMatcher(oddsApi.endpoints.getSummary.matchFulfilled, (state, action) => {
      if (action.meta.arg.originalArgs !== NIGERIA_COUNTRY_ID) return;
      state.competitionId = keepOrFirst(state.competitionId, action.payload.competitionIds);
      state.marketId = keepOrFirst(state.marketId, action.payload.marketIds);
    });
  },
  selectors: {
    selectCompetitionId: (state) => state.competitionId,
    selectMarketId: (state) => state.marketId,
  },
});

const injected = dashboardSlice.injectInto(rootReducer);

export const { competitionSelected, marketSelected, dashboardLinkOpened } = dashboardSlice.actions;
/** Read through the injected slice, so a store that has not seen an action since reads the initial state. */
export const { selectCompetitionId, selectMarketId } = injected.selectors;
