/**
 * `setupStore(preloadedState)` (RTK "setup a store" pattern) so tests, the app and the
 * replay tool each build a fresh store.
 */
import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { api } from './api';
import { listenerMiddleware } from './listener';
import { authSlice } from '../features/auth/auth.slice';
import { dialogsSlice } from '../features/dialogs/dialogs.slice';
import { dashboardSlice } from '../features/dashboard/dashboard.slice';
import { errorsSlice } from './errors.slice';
import { routerSlice } from './router.slice';

export const rootReducer = combineSlices(api, authSlice, dialogsSlice, dashboardSlice, errorsSlice, routerSlice);

export type RootState = ReturnType<typeof rootReducer>;

export function setupStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().prepend(listenerMiddleware.middleware).concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof setupStore>;
export type AppDispatch = AppStore['dispatch'];
