import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { baseApi } from '../../api/baseApi';
import { forwardByCursor, pageParams, rowPageOf, type RowPage } from '../../api/paging';
import type { AppNotification, NotificationKind, UpdateAnswer } from '../../types/entities';
import type { NotificationSettings } from './types';

/** Notifications a page at a time ('Load more'). */
export const NOTIFICATIONS_PER_PAGE = 20;

/** The answer's `X-Unread-Count`: how many of the caller's notifications are unread. */
export function unreadCountOf(meta: Partial<FetchBaseQueryMeta> | undefined): number | undefined {
  const unread = Number.parseInt(meta?.response?.headers.get('x-unread-count') ?? '', 10);
  return Number.isSafeInteger(unread) && unread >= 0 ? unread : undefined;
}

export interface NotificationPage extends RowPage<AppNotification> {
  unread?: number;
}

export interface SettingsChange {
  email: Partial<Record<NotificationKind, boolean>>;
}

export const notificationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in user's notifications, newest first, a page at a time. */
    getNotifications: build.infiniteQuery<NotificationPage, void, string | null>({
      infiniteQueryOptions: forwardByCursor,
      query: ({ pageParam }) => ({ url: '/notifications', params: pageParams(pageParam, NOTIFICATIONS_PER_PAGE) }),
      transformResponse: (rows: AppNotification[], meta): NotificationPage => ({ ...rowPageOf(rows, meta), unread: unreadCountOf(meta) }),
      providesTags: [{ type: 'Notification', id: 'LIST' }],
    }),
    /** How many are unread (the bell): the newest one's page, read for its `X-Unread-Count`. */
    getUnreadCount: build.query<number, void>({
      query: () => ({ url: '/notifications', params: { limit: 1 } }),
      transformResponse: (_rows: AppNotification[], meta) => unreadCountOf(meta) ?? 0,
      providesTags: [{ type: 'Notification', id: 'LIST' }],
    }),
    markRead: build.mutation<UpdateAnswer, string>({
      query: (id) => ({ url: `/notifications/${encodeURIComponent(id)}/read`, method: 'POST' }),
      invalidatesTags: [{ type: 'Notification', id: 'LIST' }],
    }),
    markAllRead: build.mutation<UpdateAnswer, void>({
      query: () => ({ url: '/notifications/read-all', method: 'POST' }),
      invalidatesTags: [{ type: 'Notification', id: 'LIST' }],
    }),
    getNotificationSettings: build.query<NotificationSettings, void>({
      query: () => '/notification-settings',
      providesTags: ['NotificationSettings'],
    }),
    updateNotificationSettings: build.mutation<NotificationSettings, SettingsChange>({
      query: (change) => ({ url: '/notification-settings', method: 'PUT', body: change }),
      // The answer is the settings after the change: no need to ask again.
      async onQueryStarted(_change, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(notificationsApi.util.upsertQueryData('getNotificationSettings', undefined, data));
        } catch {
          // The switch goes back to what the cache holds; the listener says why.
        }
      },
    }),
    /** The link of an email (public): turns that email's kind off. */
    unsubscribe: build.mutation<{ kind: NotificationKind }, string>({
      query: (token) => ({ url: '/notifications/unsubscribe', method: 'POST', body: { token } }),
      extraOptions: { maxRetries: 0 },
    }),
  }),
});

export const {
  useGetNotificationsInfiniteQuery,
  useGetUnreadCountQuery,
  useMarkReadMutation,
  useMarkAllReadMutation,
  useGetNotificationSettingsQuery,
  useUpdateNotificationSettingsMutation,
  useUnsubscribeMutation,
} = notificationsApi;
