/**
 * The alerts list and the bell's notifications (docs/product.md#favourites-and-alerts),
 * injected into the one api. Setting an alert (the match page) and a deletion invalidate
 * 'Alerts'; marking notifications read invalidates 'Notifications', so the badge follows.
 */
import type { AlertDto, NotificationDto, ReadNotificationsRequest } from '@shared/contract/alerts';
import { api } from '../../lib/api';

export interface NotificationsList {
  notifications: NotificationDto[];
  unread: number;
}

const alertsApi = api.enhanceEndpoints({ addTagTypes: ['Alerts', 'Notifications'] }).injectEndpoints({
  endpoints: (build) => ({
    getAlerts: build.query<AlertDto[], void>({
      query: () => ({ url: '/users/me/alerts' }),
      transformResponse: (response: { data?: { alerts?: AlertDto[] } } | null) => response?.data?.alerts ?? [],
      providesTags: ['Alerts'],
    }),
    deleteAlert: build.mutation<void, string>({
      query: (id) => ({ url: `/users/me/alerts/${encodeURIComponent(id)}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: ['Alerts'],
    }),
    getNotifications: build.query<NotificationsList, void>({
      query: () => ({ url: '/users/me/notifications' }),
      transformResponse: (response: { data?: Partial<NotificationsList> } | null) => ({
        notifications: response?.data?.notifications ?? [],
        unread: response?.data?.unread ?? 0,
      }),
      providesTags: ['Notifications'],
    }),
    markNotificationsRead: build.mutation<void, ReadNotificationsRequest>({
      query: (body) => ({ url: '/users/me/notifications/read', method: 'POST', body }),
      transformResponse: () => undefined,
      invalidatesTags: ['Notifications'],
    }),
  }),
});

export const { useGetAlertsQuery, useDeleteAlertMutation, useGetNotificationsQuery, useMarkNotificationsReadMutation } =
  alertsApi;
