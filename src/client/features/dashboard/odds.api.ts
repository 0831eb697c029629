/**
 * Dashboard endpoints, injected into the one api slice.
 * `getOdds` asks the baseQuery to sign the request (`signOdds: true`): the baseQuery adds `k`
 * from the current token's `ak` claim inside the query, so a retry after a token refresh is
 * re-signed with the new claim. It fails locally with AUTH_TOKEN_NOT_FOUND or
 * AK_CLAIM_MISSING when it cannot sign. Neither polls on its own: the dashboard's pulse
 * (lib/pulse.api.ts) invalidates 'Odds' or 'Summary' when the server's version of them moved.
 */
import type { OddsListDto, SummaryDto } from '@shared/contract/odds';
import { api } from '../../lib/api';
import type { AppFetchArgs } from '../../lib/base-query';

/** Query params of a dashboard odds request, exactly as sent (and signed). */
export interface OddsQueryArg {
  country: number;
  competition: number;
  market: number;
}

/**
 * An odds response's `data`. `events` may be absent: that is the spec's "no odds data"
 * state, apart from an empty list ("no matches").
 */
type OddsList = Partial<OddsListDto>;

const dataOf = <T>(response: { data?: T } | null | undefined): T => (response?.data ?? {}) as T;

export const oddsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The argument is a country id (one cache key per country). */
    getSummary: build.query<SummaryDto, number>({
      query: (country) => ({ url: '/odds/summary', params: { country } }),
      transformResponse: dataOf<SummaryDto>,
    }),
    getOdds: build.query<OddsList, OddsQueryArg>({
      query: ({ country, competition, market }): AppFetchArgs => ({
        url: '/odds',
        params: { country, competition, market },
        signOdds: true,
      }),
      transformResponse: dataOf<OddsList>,
    }),
  }),
});

// Asked again when the dashboard's pulse says the summary or the odds moved (lib/pulse.api.ts). Tagged
// apart, so the selectors keep the plain api's state type.
oddsApi.enhanceEndpoints({
  addTagTypes: ['Odds', 'Summary'],
  endpoints: { getSummary: { providesTags: ['Summary'] }, getOdds: { providesTags: ['Odds'] } },
});

export const { useGetSummaryQuery, useGetOddsQuery } = oddsApi;
