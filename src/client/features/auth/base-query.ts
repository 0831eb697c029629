/**
 * Placeholder baseQuery: plain fetch under /api. Replaced by the re-authenticating baseQuery
 * of ARCHITECTURE §6 (bearer, signing, refresh mutex, error normalization).
 */
import { fetchBaseQuery } from '@reduxjs/toolkit/query/react';

export const baseQueryWithReauth = fetchBaseQuery({ baseUrl: '/api' });
