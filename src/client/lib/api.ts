/**
 * The one RTK Query api slice (Redux style guide): features inject their endpoints with
 * `api.injectEndpoints`. The baseQuery adds the bearer, signs odds requests and refreshes
 * the session on 401.
 */
import { createApi } from '@reduxjs/toolkit/query/react';
import { apiArrived } from './api-arrival';
import { baseQueryWithReauth } from './base-query';

export const api = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithReauth,
  endpoints: () => ({}),
});

// This module sits in the chunks that use the api; evaluating it attaches the api to the store.
apiArrived(api);
