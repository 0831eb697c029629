/**
 * `GET /api/odds/sources` (public): each bookmaker's health as the live
 * collector last wrote it, injected into the one api slice for the dashboard's freshness line.
 * Not polled: the dashboard's pulse invalidates 'Sources' when the health moved.
 */
import type { SourceHealthDto, SourcesDto } from '@shared/contract/sources';
import { api } from '../../lib/api';

export const sourcesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSources: build.query<SourceHealthDto[], void>({
      query: () => ({ url: '/odds/sources' }),
      transformResponse: (response: { data?: Partial<SourcesDto> } | null | undefined) => response?.data?.sources ?? [],
    }),
  }),
});

sourcesApi.enhanceEndpoints({ addTagTypes: ['Sources'], endpoints: { getSources: { providesTags: ['Sources'] } } });

export const { useGetSourcesQuery } = sourcesApi;
