/**
 * Current prices of a slip's matches: the match page's `GET /odds/event/<id>`,
 * injected here so the slip, loaded on its own, does not depend on the match page's chunk.
 */
import type { EventDetailDto } from '@shared/contract/odds';
import { api } from '../../lib/api';

const dataOf = <T>(response: { data?: T } | null | undefined): T => (response?.data ?? {}) as T;

export const slipApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSlipEvent: build.query<EventDetailDto, string>({
      query: (eventId) => ({ url: `/odds/event/${encodeURIComponent(eventId)}` }),
      transformResponse: dataOf<EventDetailDto>,
    }),
  }),
});

export const { useGetSlipEventQuery } = slipApi;
