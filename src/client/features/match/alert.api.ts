/**
 * `POST /api/users/me/alerts` (docs/product.md#favourites-and-alerts), injected into the
 * one api from the match page, where alerts are set. A new alert invalidates the 'Alerts' tag,
 * so an open alerts list asks again.
 */
import type { AlertDto, CreateAlertRequest } from '@shared/contract/alerts';
import { api } from '../../lib/api';

export const alertApi = api.enhanceEndpoints({ addTagTypes: ['Alerts'] }).injectEndpoints({
  endpoints: (build) => ({
    createAlert: build.mutation<AlertDto, CreateAlertRequest>({
      query: (body) => ({ url: '/users/me/alerts', method: 'POST', body }),
      transformResponse: (response: { data: { alert: AlertDto } }) => response.data.alert,
      invalidatesTags: ['Alerts'],
    }),
  }),
});

export const { useCreateAlertMutation } = alertApi;
