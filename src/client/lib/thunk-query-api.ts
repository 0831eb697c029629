/**
 * The `BaseQueryApi` a thunk hands to the baseQuery (or to `requestTokenRefresh`) when it calls the
 * server outside an RTK Query endpoint: its own abort controller, the thunk's dispatch and state.
 */
import type { BaseQueryApi } from '@reduxjs/toolkit/query';

export function thunkQueryApi(
  dispatch: BaseQueryApi['dispatch'],
  getState: BaseQueryApi['getState'],
  endpoint: string,
  type: BaseQueryApi['type'],
): BaseQueryApi {
  const controller = new AbortController();
  return {
    signal: controller.signal,
    abort: (reason) => controller.abort(reason),
    dispatch,
    getState,
    extra: undefined,
    endpoint,
    type,
  };
}
