/**
 * Sure-bet and value-bet lists, injected into the one api.
 * Bearer token only, no `k` signature.
 */
import type { DevigMethod } from '@shared/betting/devig';
import type { SurebetsDto, ValueBetsDto } from '@shared/contract/betting';
import { booksParam } from '@shared/my-books';
import { api } from '../../lib/api';

export interface SurebetsArg {
  country: number;
  boosts: boolean;
  /** "My books only": the books the list is computed over (every book when absent). */
  books?: readonly number[] | null;
}

export interface ValueArg {
  country: number;
  method: DevigMethod;
  books?: readonly number[] | null;
}

/** The `books` parameter, only when limited. */
const booksOf = (books: readonly number[] | null | undefined) => (books ? { books: booksParam(books) } : {});

/** The value list's threshold: prices at least 2 % above their fair price. */
export const VALUE_MIN_EDGE_PCT = 2;

const dataOf = <T>(response: { data?: T } | null | undefined): T => (response?.data ?? {}) as T;

export const toolsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSurebets: build.query<SurebetsDto, SurebetsArg>({
      query: ({ country, boosts, books }) => ({
        url: '/odds/surebets',
        params: { country, boosts: boosts ? 1 : 0, ...booksOf(books) },
      }),
      transformResponse: dataOf<SurebetsDto>,
    }),
    getValueBets: build.query<ValueBetsDto, ValueArg>({
      query: ({ country, method, books }) => ({
        url: '/odds/value',
        params: { country, method, min: VALUE_MIN_EDGE_PCT, ...booksOf(books) },
      }),
      transformResponse: dataOf<ValueBetsDto>,
    }),
  }),
});

export const { useGetSurebetsQuery, useGetValueBetsQuery } = toolsApi;
