/**
 * Match page and dropping-odds endpoints, injected into the one api.
 * Bearer token only, no `k` signature.
 */
import type { DropWindowH, DropsDto, EventDetailDto, HistoryDto } from '@shared/contract/odds';
import { api } from '../../lib/api';

export interface HistoryArg {
  eventId: string;
  marketId: number;
}

export interface DropsArg {
  country: number;
  hours: DropWindowH;
}

const dataOf = <T>(response: { data?: T } | null | undefined): T => (response?.data ?? {}) as T;

export const matchApi = api.injectEndpoints({
  endpoints: (build) => ({
    getEventDetail: build.query<EventDetailDto, string>({
      query: (eventId) => ({ url: `/odds/event/${encodeURIComponent(eventId)}` }),
      transformResponse: dataOf<EventDetailDto>,
    }),
    getPriceHistory: build.query<HistoryDto, HistoryArg>({
      query: ({ eventId, marketId }) => ({
        url: `/odds/event/${encodeURIComponent(eventId)}/history`,
        params: { market: marketId },
      }),
      transformResponse: dataOf<HistoryDto>,
    }),
    getDrops: build.query<DropsDto, DropsArg>({
      query: ({ country, hours }) => ({ url: '/odds/drops', params: { country, hours } }),
      transformResponse: dataOf<DropsDto>,
    }),
  }),
});

export const { useGetEventDetailQuery, useGetPriceHistoryQuery, useGetDropsQuery } = matchApi;
