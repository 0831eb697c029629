/** The /nigeria preview's endpoint: public sample odds, injected into the one api slice. */
import type { OddsListDto } from '@shared/contract/odds';
import { api } from '../../lib/api';

/** `events` may be absent (no sample data), which the preview shows as its empty state. */
type SampleList = Partial<OddsListDto>;

export const sampleApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The argument is a country id. */
    getSample: build.query<SampleList, number>({
      query: (country) => ({ url: '/odds/sample', params: { country } }),
      transformResponse: (response: { data?: SampleList } | null) => response?.data ?? {},
    }),
  }),
});

export const { useGetSampleQuery } = sampleApi;
