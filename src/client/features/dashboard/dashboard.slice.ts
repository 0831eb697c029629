/**
 * The dashboard's last league and market pick. The address is the view's
 * one source (`?league=&market=`): the slice only remembers the pick for an
 * address that names none (the bottom bar's plain /dashboard). It follows the address (each
 * `router/locationChanged` to the dashboard that names a league or market) and the selection events
 * (`competitionSelected`, `marketSelected`); when the summary arrives, the first competition and first
 * market are preselected unless the pick is still offered. The slice comes
 * with the dashboard's chunk and injects itself into the root reducer.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { NIGERIA_COUNTRY_ID } from '@shared/lookups';
import { oddsApi } from './odds.api';
import { parseDashboardView } from './dashboard-view';
import { locationChanged } from '../../lib/location-changed';
import { rootReducer } from '../../app/store';

export interface DashboardState {
  competitionId: number | null;
  marketId: number | null;
}

const initialState: DashboardState = { competitionId: null, marketId: null };

/** The dashboard's own path: only its addresses carry a league and market. */
const DASHBOARD_PATH = '/dashboard';

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
  },
  extraReducers: (builder) => {
    builder.addCase(locationChanged, (state, { payload }) => {
      if (payload.pathname !== DASHBOARD_PATH) return;
      const { league, market } = parseDashboardView(payload.search);
      if (league !== null) state.competitionId = league;
      if (market !== null) state.marketId = market;
    });
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

export const { competitionSelected, marketSelected } = dashboardSlice.actions;
/** Read through the injected slice, so a store that has not seen an action since reads the initial state. */
export const { selectCompetitionId, selectMarketId } = injected.selectors;
