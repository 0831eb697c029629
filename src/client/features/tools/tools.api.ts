/**
 * Sure-bet and value-bet lists (docs/architecture.md §3), injected into the one api.
 * Bearer token only, no `k` signature.
 */
import type { DevigMethod } from '@shared/betting/devig';
import type { SurebetsDto, ValueBetsDto } from '@shared/contract/betting';
import { api } from '../../lib/api';

export interface SurebetsArg {
  country: number;
  boosts: boolean;
}

export interface ValueArg {
  country: number;
  method: DevigMethod;
}

/** The value list's threshold: prices at least 2 % above their fair price (docs/product.md §10). */
export const VALUE_MIN_EDGE_PCT = 2;

const dataOf = <T>(response: { data?: T } | null | undefined): T => (response?.data ?? {}) as T;

export const toolsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSurebets: build.query<SurebetsDto, SurebetsArg>({
      query: ({ country, boosts }) => ({ url: '/odds/surebets', params: { country, boosts: boosts ? 1 : 0 } }),
      transformResponse: dataOf<SurebetsDto>,
    }),
    getValueBets: build.query<ValueBetsDto, ValueArg>({
      query: ({ country, method }) => ({ url: '/odds/value', params: { country, method, min: VALUE_MIN_EDGE_PCT } }),
      transformResponse: dataOf<ValueBetsDto>,
    }),
  }),
});

export const { useGetSurebetsQuery, useGetValueBetsQuery } = toolsApi;
