/** The dashboard's selected competition and market (ARCHITECTURE §6). */
import { createSlice } from '@reduxjs/toolkit';

export interface DashboardState {
  competitionId: number | null;
  marketId: number | null;
}

const initialState: DashboardState = { competitionId: null, marketId: null };

export const dashboardSlice = createSlice({
  name: 'dashboard',
  initialState,
  reducers: {},
  selectors: {
    selectCompetitionId: (state) => state.competitionId,
    selectMarketId: (state) => state.marketId,
  },
});
