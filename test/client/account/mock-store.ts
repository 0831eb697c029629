/**
 * redux-mock-store for exact action sequences (docs/architecture.md#tests). Its typings predate Redux 5's
 * middleware types, hence the one cast. Thunks run; RTK Query's middleware is there for the
 * hooks and thunks that look for it (the state stays as given, so only mutations can be awaited).
 */
import configureMockStore, { type MockStoreEnhanced } from 'redux-mock-store';
import { thunk } from 'redux-thunk';
import { isAsyncThunkAction, type Middleware, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import { api } from '../../../src/client/lib/api';
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

/**
 * RTK Query's own bookkeeping (its one-off middleware registration): an action of the api slice
 * that is no request lifecycle action.
 */
const isQueryBookkeeping = (action: { type: string }) =>
  action.type.startsWith(`${api.reducerPath}/`) && !isAsyncThunkAction(action);

/** Action types, without RTK Query's bookkeeping. */
export const actionTypes = (store: FlowMockStore) =>
  (store.getActions() as UnknownAction[]).filter((action) => !isQueryBookkeeping(action)).map((action) => action.type);
