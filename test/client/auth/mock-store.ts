/**
 * redux-mock-store for exact action sequences (ARCHITECTURE §7). Its typings predate Redux 5's
 * middleware types, hence the one cast. Thunks run; RTK Query's middleware answers its own
 * internal check (the state stays as given, so only mutations can be awaited).
 */
import configureMockStore, { type MockStoreEnhanced } from 'redux-mock-store';
import { thunk } from 'redux-thunk';
import type { Middleware, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { api } from '../../../src/client/app/api';
import { setupStore, type RootState } from '../../../src/client/app/store';

export type FlowMockStore = MockStoreEnhanced<RootState, ThunkDispatch<RootState, unknown, UnknownAction>>;

export function mockStore(
  preloaded: Partial<RootState> = {},
  middlewares: Middleware[] = [thunk, api.middleware],
): FlowMockStore {
  const create = configureMockStore<RootState, ThunkDispatch<RootState, unknown, UnknownAction>>(
    middlewares as unknown as Parameters<typeof configureMockStore>[0],
  );
  return create(setupStore(preloaded).getState());
}

/** Action types, without RTK Query's one-off middleware registration. */
export const actionTypes = (store: FlowMockStore) =>
  (store.getActions() as UnknownAction[])
    .map((action) => action.type)
    .filter((type) => !type.startsWith('api/config/'));
