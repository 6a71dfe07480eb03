import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { baseApi } from '../../api/baseApi';
import { forwardByCursor, pageParams, rowPageOf, type RowPage } from '../../api/paging';
import type { UpdateAnswer } from '../../types/entities';
import type { BlockedUser, Message, Thread } from './types';

/** Threads and messages a page at a time ('Load more', 'Older messages'). */
export const THREADS_PER_PAGE = 20;
export const MESSAGES_PER_PAGE = 30;

/** The answer's `X-Unread-Count`: unread messages over all the caller's threads. */
export function unreadMessagesOf(meta: Partial<FetchBaseQueryMeta> | undefined): number | undefined {
  const unread = Number.parseInt(meta?.response?.headers.get('x-unread-count') ?? '', 10);
  return Number.isSafeInteger(unread) && unread >= 0 ? unread : undefined;
}

export interface ThreadPage extends RowPage<Thread> {
  unread?: number;
}

export interface NewMessage {
  threadId: string;
  text: string;
}

export interface Question {
  bookId: string;
  text: string;
}

export interface BlockChange {
  userId: string;
  blocked: boolean;
  /** Their name, for the words that confirm it (not sent). */
  name: string;
}

/** The unread count, the bell's and the menu's: read again when a message comes or a thread is read. */
export const UNREAD_TAG = { type: 'Thread', id: 'UNREAD' } as const;
export const INBOX_TAG = { type: 'Thread', id: 'LIST' } as const;
const BLOCKS_TAG = { type: 'Thread', id: 'BLOCKS' } as const;

export const messagesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The inbox: the caller's threads, the latest message first. */
    getThreads: build.infiniteQuery<ThreadPage, void, string | null>({
      infiniteQueryOptions: forwardByCursor,
      query: ({ pageParam }) => ({ url: '/threads', params: pageParams(pageParam, THREADS_PER_PAGE) }),
      transformResponse: (rows: Thread[], meta): ThreadPage => ({ ...rowPageOf(rows, meta), unread: unreadMessagesOf(meta) }),
      providesTags: [INBOX_TAG],
    }),
    /** How many messages are unread: the latest thread's page, read for its `X-Unread-Count`. */
    getUnreadMessages: build.query<number, void>({
      query: () => ({ url: '/threads', params: { limit: 1 } }),
      transformResponse: (_rows: Thread[], meta) => unreadMessagesOf(meta) ?? 0,
      providesTags: [UNREAD_TAG],
    }),
    getThread: build.query<Thread, string>({
      query: (id) => `/threads/${encodeURIComponent(id)}`,
      providesTags: (_thread, _error, id) => [{ type: 'Thread', id }],
    }),
    /** A thread's messages, newest first a page at a time; each next page is older. */
    getThreadMessages: build.infiniteQuery<RowPage<Message>, string, string | null>({
      infiniteQueryOptions: forwardByCursor,
      query: ({ queryArg, pageParam }) => ({
        url: `/threads/${encodeURIComponent(queryArg)}/messages`,
        params: pageParams(pageParam, MESSAGES_PER_PAGE),
      }),
      transformResponse: (rows: Message[], meta) => rowPageOf(rows, meta),
      providesTags: (_pages, _error, id) => [{ type: 'Message', id }],
    }),
    /**
     * Sent once (a retry could post it twice). The answer goes into the thread at once; the live
     * stream brings it too, and it is kept once. A refusal is said by the listener.
     */
    sendMessage: build.mutation<Message, NewMessage>({
      query: ({ threadId, text }) => ({ url: `/threads/${encodeURIComponent(threadId)}/messages`, method: 'POST', body: { text } }),
      extraOptions: { maxRetries: 0 },
      async onQueryStarted(_message, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          putMessage(dispatch, data, { unread: false });
        } catch {
          // The text stays in the composer; the listener says why.
        }
      },
    }),
    /** Every message of the thread read: its count is 0 at once, the totals are asked again. */
    markThreadRead: build.mutation<UpdateAnswer, string>({
      query: (id) => ({ url: `/threads/${encodeURIComponent(id)}/read`, method: 'POST' }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const patches = [
          dispatch(
            messagesApi.util.updateQueryData('getThread', id, (thread) => {
              thread.unread = 0;
            }),
          ),
          dispatch(
            messagesApi.util.updateQueryData('getThreads', undefined, (inbox) => {
              for (const page of inbox.pages) for (const thread of page.rows) if (thread._id === id) thread.unread = 0;
            }),
          ),
        ];
        try {
          await queryFulfilled;
        } catch {
          for (const patch of patches) patch.undo();
        }
      },
      invalidatesTags: [UNREAD_TAG],
    }),
    /** "Ask the seller": the caller's thread about the book (opened by the first question), with the question in it. */
    askQuestion: build.mutation<Thread, Question>({
      query: ({ bookId, text }) => ({ url: `/books/${encodeURIComponent(bookId)}/questions`, method: 'POST', body: { text } }),
      extraOptions: { maxRetries: 0 },
      invalidatesTags: (thread) => (thread ? [INBOX_TAG, { type: 'Thread', id: thread._id }, { type: 'Message', id: thread._id }] : []),
    }),
    getBlocks: build.query<BlockedUser[], void>({
      query: () => '/blocks',
      providesTags: [BLOCKS_TAG],
    }),
    /** Block or unblock (both idempotent): whether anyone may write changes in every thread. */
    setBlock: build.mutation<{ _id: string; blocked: boolean }, BlockChange>({
      query: ({ userId, blocked }) => ({ url: `/blocks/${encodeURIComponent(userId)}`, method: blocked ? 'POST' : 'DELETE' }),
      invalidatesTags: (_answer, error) => (error ? [] : ['Thread']),
    }),
  }),
});

export const {
  useGetThreadsInfiniteQuery,
  useGetUnreadMessagesQuery,
  useGetThreadQuery,
  useGetThreadMessagesInfiniteQuery,
  useSendMessageMutation,
  useMarkThreadReadMutation,
  useAskQuestionMutation,
  useGetBlocksQuery,
  useSetBlockMutation,
} = messagesApi;

type Patch = ReturnType<typeof messagesApi.util.updateQueryData> | ReturnType<typeof messagesApi.util.invalidateTags>;

/**
 * A message that was sent or came live, into every cached view of its thread, once: the thread's
 * messages (the newest page), the thread's last message (and its unread count when `unread`), and
 * the inbox, where its thread moves to the top; an inbox that does not hold the thread is read again.
 */
export function putMessage(dispatch: (patch: Patch) => unknown, message: Message, { unread }: { unread: boolean }): void {
  const { threadId } = message;
  const last = { text: message.hidden ? '' : message.text, at: message.at, authorId: message.author._id };
  let isNew = true;
  dispatch(
    messagesApi.util.updateQueryData('getThreadMessages', threadId, (data) => {
      if (data.pages.some((page) => page.rows.some((row) => row._id === message._id))) isNew = false;
      else data.pages[0]?.rows.unshift(message);
    }),
  );
  dispatch(
    messagesApi.util.updateQueryData('getThread', threadId, (thread) => {
      if (thread.last && thread.last.at > message.at) return;
      thread.last = last;
      thread.updatedAt = message.at;
      if (unread && isNew) thread.unread += 1;
    }),
  );
  let inInbox = false;
  dispatch(
    messagesApi.util.updateQueryData('getThreads', undefined, (inbox) => {
      for (const page of inbox.pages) {
        const at = page.rows.findIndex((thread) => thread._id === threadId);
        if (at < 0) continue;
        inInbox = true;
        const [thread] = page.rows.splice(at, 1);
        if (!thread.last || thread.last.at <= message.at) {
          thread.last = last;
          thread.updatedAt = message.at;
        }
        if (unread && isNew) thread.unread += 1;
        inbox.pages[0].rows.unshift(thread);
        return;
      }
    }),
  );
  if (!inInbox) dispatch(messagesApi.util.invalidateTags([INBOX_TAG]));
}
