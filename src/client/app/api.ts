/**
 * The one RTK Query api slice (Redux style guide): features inject their endpoints with
 * `api.injectEndpoints`. The baseQuery adds the bearer, signs odds requests and refreshes
 * the session on 401 (ARCHITECTURE §6).
 */
import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQueryWithReauth } from '../features/auth/base-query';
import { registerApi } from './store';

export const api = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithReauth,
  tagTypes: ['Profile', 'Summary', 'Odds'],
  endpoints: () => ({}),
});

// This module sits in the chunks that use the api; evaluating it attaches the api to the store.
registerApi(api);
