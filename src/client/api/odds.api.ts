/**
 * Odds endpoints (SPEC §7, ARCHITECTURE §3), injected into the one api slice.
 * `getOdds` asks the baseQuery to sign the request (`signOdds: true`): the baseQuery adds `k`
 * from the current token's `ak` claim inside the query, so a retry after a token refresh is
 * re-signed with the new claim (ARCHITECTURE §6). It fails locally with AUTH_TOKEN_NOT_FOUND or
 * AK_CLAIM_MISSING when it cannot sign.
 */
import type { FetchArgs } from '@reduxjs/toolkit/query';
import { api } from '../app/api';
import type { OddsEventDto, OddsSource, SummaryDto } from '@shared/dto';

/** Query params of a dashboard odds request, exactly as sent (and signed). */
export interface OddsQueryArg {
  country: number;
  competition: number;
  market: number;
}

/**
 * An odds response's `data`. `events` may be absent: that is the spec's "no odds data"
 * state, apart from an empty list ("no matches"; ARCHITECTURE §8).
 */
export interface OddsList {
  events?: OddsEventDto[];
  source?: OddsSource;
}

/** Request arguments for the baseQuery; `signOdds` asks it to add the `k` signature. */
export type SignedFetchArgs = FetchArgs & { signOdds?: boolean };

function unwrap<T>(response: { data?: T } | null | undefined): T {
  return (response?.data ?? {}) as T;
}

export const oddsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSummary: build.query<SummaryDto, number | string>({
      query: (country) => ({ url: '/odds/summary', params: { country } }),
      transformResponse: (response: { data?: SummaryDto }) => unwrap(response),
      providesTags: ['Summary'],
    }),
    getOdds: build.query<OddsList, OddsQueryArg>({
      query: ({ country, competition, market }) => {
        const args: SignedFetchArgs = { url: '/odds', params: { country, competition, market }, signOdds: true };
        return args;
      },
      transformResponse: (response: { data?: OddsList }) => unwrap(response),
      providesTags: ['Odds'],
    }),
    getSample: build.query<OddsList, string>({
      query: (country) => ({ url: '/odds/sample', params: { country } }),
      transformResponse: (response: { data?: OddsList }) => unwrap(response),
      providesTags: ['Odds'],
    }),
  }),
});

export const { useGetSummaryQuery, useGetOddsQuery, useGetSampleQuery } = oddsApi;
