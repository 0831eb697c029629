/**
 * `setupStore(preloadedState)` (RTK "setup a store" pattern) so tests, the app and the
 * replay tool each build a fresh store.
 */
import { combineSlices, configureStore, type Middleware } from '@reduxjs/toolkit';
import { api } from './api';
import { listenerMiddleware } from './listener';
import { createActionLog, type ActionLog } from './action-log';
import { inertQueryMiddleware } from './inert-query.middleware';
import { actionSanitizer, stateSanitizer } from './sanitize';
import { authSlice } from '../features/auth/auth.slice';
import { dialogsSlice } from '../features/dialogs/dialogs.slice';
import { dashboardSlice } from '../features/dashboard/dashboard.slice';
import { errorsSlice } from './errors.slice';
import { routerSlice } from './router.slice';

export const rootReducer = combineSlices(api, authSlice, dialogsSlice, dashboardSlice, errorsSlice, routerSlice);

export type RootState = ReturnType<typeof rootReducer>;

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
  const query = sideEffects ? api.middleware : (inertQueryMiddleware() as typeof api.middleware);
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      // A replay feeds parsed JSON: the dev-only immutability/serializability checks add nothing.
      getDefault({ immutableCheck: sideEffects, serializableCheck: sideEffects })
        .prepend(listener)
        .concat(query, actionLog?.middleware ?? passThrough()),
    // On in production too: support reads error codes there; secrets never reach it.
    devTools: sideEffects && { name: 'OddsMate', actionSanitizer, stateSanitizer },
  });
  return Object.assign(store, { actionLog });
}

export type AppStore = ReturnType<typeof setupStore>;
export type AppDispatch = AppStore['dispatch'];
