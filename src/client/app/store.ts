/**
 * `setupStore(preloadedState)` (RTK "setup a store" pattern) so tests, the app and the
 * replay tool each build a fresh store.
 *
 * Two parts arrive with the chunks that need them, not with the landing page: the RTK Query
 * api (reducer and middleware; its module announces itself through `lib/api-arrival.ts` when
 * evaluated, before any component of its chunk renders) and the dashboard slice (injected by its
 * module). Both are lazily loaded slices of the root reducer (RTK `combineSlices`); each store
 * keeps a dynamic middleware slot (RTK `createDynamicMiddleware`) that receives the api's
 * middleware.
 */
import {
  combineSlices,
  configureStore,
  createAction,
  createDynamicMiddleware,
  type Middleware,
  type Reducer,
  type UnknownAction,
  type WithSlice,
} from '@reduxjs/toolkit';
import { whenApiArrives, type QueryApi } from '../lib/api-arrival';
import { errorsSlice } from '../lib/errors.slice';
import { slipSlice } from '../lib/slip.slice';
import { authSlice } from '../features/account/auth.slice';
import { dialogsSlice } from '../features/account/dialogs.slice';
import type { dashboardSlice } from '../features/dashboard/dashboard.slice';
import { createActionLog, type ActionLog } from './action-log';
import { listenerMiddleware } from './listener';
import { routerSlice } from './router.slice';
import { actionSanitizer, stateSanitizer } from './sanitize';

export const rootReducer = combineSlices(
  authSlice,
  dialogsSlice,
  errorsSlice,
  routerSlice,
  slipSlice,
).withLazyLoadedSlices<WithSlice<QueryApi> & WithSlice<typeof dashboardSlice>>();

whenApiArrives((api) => rootReducer.inject(api));

type CombinedRootState = ReturnType<typeof rootReducer>;
/**
 * The state as its readers see it: the api's and the dashboard's parts are read only by code
 * from their own chunks, which attach them first (typed optional by `combineSlices`).
 */
export type RootState = CombinedRootState & Required<Pick<CombinedRootState, 'api' | 'dashboard'>>;

/** Dispatched to a store made before the api arrived, so its state exists before anything reads it. */
export const queryApiAttached = createAction('app/queryApiAttached');

export interface StoreOptions {
  /**
   * `false` for replays (`npm run replay`): no listeners (storage, analytics, flows) and the
   * DevTools off, so recorded actions only meet the pure reducers. Default `true`.
   */
  sideEffects?: boolean;
  /**
   * Attach RTK Query's middleware (requests, polling, cache timers). Defaults to `sideEffects`: a
   * replay feeds recorded requests without it, so none of them starts a request or a timer; its
   * screen is rendered from a second store that has it (the hooks need it), preloaded with the
   * replayed state and rendered statically, so no effect runs and nothing is fetched.
   */
  queries?: boolean;
  /** The action log (last middleware); one of 2,000 entries is made when omitted, `null` for none. */
  actionLog?: ActionLog | null;
}

/** A middleware that does nothing; a fresh one per slot (configureStore rejects repeats). */
const passThrough = (): Middleware => () => (next) => (action) => next(action);

export function setupStore(preloadedState?: Partial<RootState>, options: StoreOptions = {}) {
  const { sideEffects = true, queries = sideEffects } = options;
  const actionLog = options.actionLog === undefined ? createActionLog() : options.actionLog;
  // Same middleware shape either way, so AppDispatch keeps its type.
  const listener = sideEffects
    ? listenerMiddleware.middleware
    : (passThrough() as typeof listenerMiddleware.middleware);
  const query = createDynamicMiddleware();
  const store = configureStore({
    reducer: rootReducer as Reducer<RootState, UnknownAction, Partial<RootState>>,
    preloadedState,
    middleware: (getDefault) =>
      // A replay feeds parsed JSON: the dev-only immutability/serializability checks add nothing.
      getDefault({ immutableCheck: sideEffects, serializableCheck: sideEffects })
        .prepend(listener)
        .concat(query.middleware as Middleware, actionLog?.middleware ?? passThrough()),
    // On in production too: support reads error codes there; secrets never reach it.
    devTools: sideEffects && { name: 'OddsMate', actionSanitizer, stateSanitizer },
  });
  let made = false;
  whenApiArrives((api) => {
    if (queries) query.addMiddleware(api.middleware);
    // The reducer gained the api's part after this store was made: one action fills it in.
    if (made) store.dispatch(queryApiAttached());
  });
  made = true;
  return Object.assign(store, { actionLog });
}

export type AppStore = ReturnType<typeof setupStore>;
export type AppDispatch = AppStore['dispatch'];
