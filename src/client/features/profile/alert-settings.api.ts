/**
 * Alert delivery settings and this device's push subscription, injected into the one api from the profile, where the switches are.
 */
import type { AlertSettingsDto, PushSubscriptionRequest } from '@shared/contract/alerts';
import { api } from '../../lib/api';

export interface AlertSettingsAnswer {
  settings: AlertSettingsDto;
  vapidPublicKey: string | null;
}

const settingsApi = api.enhanceEndpoints({ addTagTypes: ['AlertSettings'] }).injectEndpoints({
  endpoints: (build) => ({
    getAlertSettings: build.query<AlertSettingsAnswer, void>({
      query: () => ({ url: '/users/me/alert-settings' }),
      transformResponse: (response: { data: AlertSettingsAnswer }) => response.data,
      providesTags: ['AlertSettings'],
    }),
    putAlertSettings: build.mutation<AlertSettingsAnswer, AlertSettingsDto>({
      query: (body) => ({ url: '/users/me/alert-settings', method: 'PUT', body }),
      transformResponse: (response: { data: AlertSettingsAnswer }) => response.data,
      async onQueryStarted(_settings, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(settingsApi.util.upsertQueryData('getAlertSettings', undefined, data));
        } catch {
          // The switch shows the stored value again; the error is shown by the caller.
        }
      },
    }),
    addPushSubscription: build.mutation<void, PushSubscriptionRequest>({
      query: (body) => ({ url: '/users/me/push-subscriptions', method: 'POST', body }),
      transformResponse: () => undefined,
    }),
    removePushSubscription: build.mutation<void, { endpoint: string }>({
      query: (body) => ({ url: '/users/me/push-subscriptions', method: 'DELETE', body }),
      transformResponse: () => undefined,
    }),
  }),
});

export const {
  useGetAlertSettingsQuery,
  usePutAlertSettingsMutation,
  useAddPushSubscriptionMutation,
  useRemovePushSubscriptionMutation,
} = settingsApi;
