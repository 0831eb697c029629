/**
 * Booking codes, injected into the one api: load a book's code,
 * and make a code at a book for the slip's legs.
 */
import type { BookingCreateBodyDto, CreatedCodeDto, LoadedCodeDto } from '@shared/contract/booking';
import { api } from '../../../lib/api';

const dataOf = <T>(response: { data?: T } | null | undefined): T => (response?.data ?? {}) as T;

export const bookingApi = api.injectEndpoints({
  endpoints: (build) => ({
    loadBookingCode: build.query<LoadedCodeDto, { provider: number; code: string }>({
      query: ({ provider, code }) => ({ url: `/booking/${provider}/${encodeURIComponent(code)}` }),
      transformResponse: dataOf<LoadedCodeDto>,
    }),
    createBookingCode: build.mutation<CreatedCodeDto, { provider: number } & BookingCreateBodyDto>({
      query: ({ provider, legs }) => ({ url: `/booking/${provider}`, method: 'POST', body: { legs } }),
      transformResponse: dataOf<CreatedCodeDto>,
    }),
  }),
});

export const { useLazyLoadBookingCodeQuery, useLoadBookingCodeQuery, useCreateBookingCodeMutation } = bookingApi;
