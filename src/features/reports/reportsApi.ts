import { baseApi } from '../../api/baseApi';
import { nextCursorOf, totalCountOf } from '../../api/paging';
import type { UpdateAnswer } from '../../types/entities';
import type { AdminReport, ModerationAction, ReportKind, ReportReason } from './types';

/** What a report names and why (`POST /reports`). */
export interface NewReport {
  kind: ReportKind;
  id: string;
  reason: ReportReason;
  text?: string;
}

export type ReportState = AdminReport['state'];
export type ReportSort = 'created_desc' | 'created_asc';

/** One page of the admins' queue, as the Data Grid asks for it. */
export interface ReportListArgs {
  limit: number;
  /** Where the page starts; the first page has none. */
  cursor?: string;
  state?: ReportState;
  kind?: ReportKind;
  reason?: ReportReason;
  sort?: ReportSort;
}

export interface ReportPage {
  reports: AdminReport[];
  /** How many reports match the filters over all pages. */
  total: number;
  nextCursor: string | null;
}

export interface ModerationRequest {
  reportId: string;
  action: ModerationAction;
  reason: string;
}

export interface ReinstateRequest {
  userId: string;
  reason: string;
}

/**
 * What an admin's decision may change: the queue, and what it hid or whose account it closed
 * (their listings leave the lists, a review leaves the seller's page).
 */
const decidedTags = [
  { type: 'Book' as const, id: 'LIST' },
  { type: 'Review' as const, id: 'LIST' },
  { type: 'User' as const, id: 'LIST' },
];

export const reportsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    createReport: build.mutation<{ _id: string; state: 'open' }, NewReport>({
      query: (report) => ({ url: '/reports', method: 'POST', body: report }),
      // A retried report would be refused as a repeat.
      extraOptions: { maxRetries: 0 },
    }),
    /** Admins: the reports, one Data Grid page at a time, filtered and ordered by the API. */
    getReports: build.query<ReportPage, ReportListArgs>({
      query: ({ limit, cursor, state, kind, reason, sort }) => ({ url: '/admin/reports', params: { limit, cursor, state, kind, reason, sort } }),
      transformResponse: (reports: AdminReport[], meta): ReportPage => ({
        reports,
        total: totalCountOf(meta) ?? reports.length,
        nextCursor: nextCursorOf(meta),
      }),
      providesTags: (result) => [
        { type: 'Report', id: 'LIST' },
        ...(result?.reports ?? []).map((report) => ({ type: 'Report' as const, id: report._id })),
      ],
    }),
    moderate: build.mutation<AdminReport, ModerationRequest>({
      query: ({ reportId, action, reason }) => ({
        url: `/admin/reports/${encodeURIComponent(reportId)}/actions`,
        method: 'POST',
        body: { action, reason },
      }),
      extraOptions: { maxRetries: 0 },
      invalidatesTags: (_result, _error, { reportId, action }) => [
        { type: 'Report', id: reportId },
        { type: 'Report', id: 'LIST' },
        // A dismissal changes the report alone.
        ...(action === 'dismiss' ? [] : decidedTags),
      ],
    }),
    /** Lifts a user's suspension: their listings come back. */
    reinstate: build.mutation<UpdateAnswer, ReinstateRequest>({
      query: ({ userId, reason }) => ({ url: `/admin/users/${encodeURIComponent(userId)}/reinstate`, method: 'POST', body: { reason } }),
      extraOptions: { maxRetries: 0 },
      invalidatesTags: [{ type: 'Report', id: 'LIST' }, ...decidedTags],
    }),
  }),
});

export const { useCreateReportMutation, useGetReportsQuery, useModerateMutation, useReinstateMutation } = reportsApi;
