import { skipToken } from '@reduxjs/toolkit/query';
import { setupStore } from '../../../src/client/app/store';
import { oddsApi } from '../../../src/client/features/dashboard/odds.api';
import {
  competitionSelected,
  dashboardSlice,
  marketSelected,
  type DashboardState,
} from '../../../src/client/features/dashboard/dashboard.slice';
import {
  selectCompetitionOptions,
  selectOddsQueryArg,
} from '../../../src/client/features/dashboard/dashboard.selectors';
import type { SummaryDto } from '../../../src/shared/contract/odds';
import { summary } from '../odds/odds-fixtures';

const reducer = dashboardSlice.reducer;
const empty: DashboardState = { competitionId: null, marketId: null };

/** The action RTK Query dispatches when a summary arrives (as a replayed log would carry it). */
function summaryFulfilled(data: SummaryDto, country: number | string = 1) {
  return {
    type: 'api/executeQuery/fulfilled',
    payload: data,
    meta: {
      requestId: 'r1',
      requestStatus: 'fulfilled',
      fulfilledTimeStamp: 1,
      baseQueryMeta: {},
      RTK_autoBatch: true,
      arg: {
        type: 'query',
        endpointName: 'getSummary',
        originalArgs: country,
        queryCacheKey: `getSummary(${country})`,
      },
    },
  };
}

describe('dashboard slice', () => {
  it('matches the action RTK Query really dispatches', () => {
    expect(oddsApi.endpoints.getSummary.matchFulfilled(summaryFulfilled(summary()))).toBe(true);
  });

  it('preselects the first competition and market when the summary arrives', () => {
    const state = reducer(empty, summaryFulfilled(summary({ competitionIds: [3, 1], marketIds: [8, 2] })));
    expect(state).toEqual({ competitionId: 3, marketId: 8 });
  });

  it('keeps a pick the new summary still offers and replaces one it no longer offers', () => {
    const picked = { competitionId: 2, marketId: 7 };
    expect(reducer(picked, summaryFulfilled(summary({ competitionIds: [1, 2], marketIds: [1, 7] })))).toEqual(picked);
    expect(reducer(picked, summaryFulfilled(summary({ competitionIds: [1, 3], marketIds: [1] })))).toEqual({
      competitionId: 1,
      marketId: 1,
    });
  });

  it('clears the pick when the summary offers nothing', () => {
    const picked = { competitionId: 2, marketId: 7 };
    expect(reducer(picked, summaryFulfilled(summary({ competitionIds: [], marketIds: [] })))).toEqual(empty);
  });

  it("ignores other countries' summaries", () => {
    expect(reducer(empty, summaryFulfilled(summary(), 'kenya'))).toEqual(empty);
  });

  it('records selections as events', () => {
    const state = [competitionSelected(4), marketSelected(6)].reduce(reducer, empty);
    expect(state).toEqual({ competitionId: 4, marketId: 6 });
    expect(competitionSelected(4)).toEqual({ type: 'dashboard/competitionSelected', payload: 4 });
  });

  it('is deterministic: replaying the same actions gives the same state', () => {
    const actions = [
      summaryFulfilled(summary()),
      competitionSelected(2),
      summaryFulfilled(summary({ competitionIds: [3] })),
    ];
    expect(actions.reduce(reducer, empty)).toEqual(actions.reduce(reducer, empty));
    expect(actions.reduce(reducer, empty)).toEqual({ competitionId: 3, marketId: 1 });
  });
});

describe('dashboard selectors', () => {
  it('ask for odds only with a loaded summary and a full pick, and are memoized', async () => {
    const store = setupStore();
    expect(selectOddsQueryArg(store.getState(), null, null)).toBe(skipToken);
    store.dispatch(competitionSelected(1));
    store.dispatch(marketSelected(1));
    // A pick without a summary is not enough.
    expect(selectOddsQueryArg(store.getState(), null, null)).toBe(skipToken);
    await store.dispatch(oddsApi.util.upsertQueryData('getSummary', 1, summary()));
    const arg = selectOddsQueryArg(store.getState(), null, null);
    expect(arg).toEqual({ country: 1, competition: 1, market: 1 });
    store.dispatch({ type: 'unrelated' });
    expect(selectOddsQueryArg(store.getState(), null, null)).toBe(arg);
    expect(selectCompetitionOptions(store.getState())).toBe(selectCompetitionOptions(store.getState()));
    expect(selectCompetitionOptions(store.getState())[0]).toEqual({ id: 1, name: 'Premier League', flag: 'ENG' });
  });
});
