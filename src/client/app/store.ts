/**
 * `setupStore(preloadedState)` (RTK "setup a store" pattern) so tests, the app and the
 * replay tool each build a fresh store.
 *
 * Two parts arrive with the chunks that need them, not with the landing page: the RTK Query
 * api (reducer and middleware; its module calls `registerApi` when evaluated, before any
 * component of its chunk renders) and the dashboard slice (injected by its module). Both are
 * lazily loaded slices of the root reducer (RTK `combineSlices`); each store keeps a dynamic
 * middleware slot that receives the api's middleware.
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
import type { api as queryApi } from './api';
import { listenerMiddleware } from './listener';
import { createActionLog, type ActionLog } from './action-log';
import { inertQueryMiddleware } from './inert-query.middleware';
import { actionSanitizer, stateSanitizer } from './sanitize';
import { authSlice } from '../features/auth/auth.slice';
import { dialogsSlice } from '../features/dialogs/dialogs.slice';
import type { dashboardSlice } from '../features/dashboard/dashboard.slice';
import { errorsSlice } from './errors.slice';
import { routerSlice } from './router.slice';

type QueryApi = typeof queryApi;

export const rootReducer = combineSlices(authSlice, dialogsSlice, errorsSlice, routerSlice).withLazyLoadedSlices<
  WithSlice<QueryApi> & WithSlice<typeof dashboardSlice>
>();

type CombinedRootState = ReturnType<typeof rootReducer>;
/**
 * The state as its readers see it: the api's and the dashboard's parts are read only by code
 * from their own chunks, which attach them first (typed optional by `combineSlices`).
 */
export type RootState = CombinedRootState & Required<Pick<CombinedRootState, 'api' | 'dashboard'>>;

/** Dispatched to a store made before the api arrived, so its state exists before anything reads it. */
export const queryApiAttached = createAction('app/queryApiAttached');

let registeredApi: QueryApi | undefined;
const waitingForApi = new Set<(api: QueryApi) => void>();

/** Called once by the api module: adds its reducer and attaches its middleware to every store. */
export function registerApi(api: QueryApi): void {
  if (registeredApi) return;
  registeredApi = api;
  rootReducer.inject(api);
  for (const attach of waitingForApi) attach(api);
  waitingForApi.clear();
}

export interface StoreOptions {
  /**
   * `false` for replays (`npm run replay`): no listeners (storage, analytics, flows) and an
   * inert stand-in for the RTK Query middleware (no requests, timers or refetches), so
   * recorded actions only meet the pure reducers. The DevTools stay off too. Default `true`.
   */
  sideEffects?: boolean;
  /** The action log (last middleware); one of 2,000 entries is made when omitted, `null` for none. */
  actionLog?: ActionLog | null;
}

/** A middleware that does nothing; a fresh one per slot (configureStore rejects repeats). */
const passThrough = (): Middleware => () => (next) => (action) => next(action);

export function setupStore(preloadedState?: Partial<RootState>, options: StoreOptions = {}) {
  const { sideEffects = true } = options;
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
  const attach = (api: QueryApi) => query.addMiddleware(sideEffects ? api.middleware : inertQueryMiddleware(api));
  if (registeredApi) attach(registeredApi);
  else
    waitingForApi.add((api) => {
      attach(api);
      // The reducer gained the api's part after this store was made: one action fills it in.
      store.dispatch(queryApiAttached());
    });
  return Object.assign(store, { actionLog });
}

export type AppStore = ReturnType<typeof setupStore>;
export type AppDispatch = AppStore['dispatch'];
