import { act } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { axeViolations as findViolations } from '../../testing/axe';
import { API, server } from '../../testing/server';
import type { Party } from '../../types/entities';
import type { BlockedUser, Message, Thread } from './types';

export const READER: Party = { _id: 'u-reader', name: 'Rita Reader' };
export const SELLER: Party = { _id: 'u-seller', name: 'Sam Seller' };

/** An access token whose subject is `sub` (the API's tokens are JWTs: the client reads only `sub`). */
export const tokenFor = (sub: string): string =>
  `e30.${btoa(JSON.stringify({ sub })).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.sig`;

/** A question about Dune, read by its asker (the buyer). */
export const aThread = (overrides: Partial<Thread> = {}): Thread => ({
  _id: 't1',
  kind: 'book',
  bookingId: null,
  bookId: 'book-1',
  bookName: 'Dune',
  img: 'https://img.example/dune.jpg',
  role: 'buyer',
  buyer: READER,
  seller: SELLER,
  last: null,
  unread: 0,
  canSend: true,
  updatedAt: '2025-11-20T10:00:00.000Z',
  ...overrides,
});

export const aMessage = (overrides: Partial<Message> = {}): Message => ({
  _id: '100',
  threadId: 't1',
  author: SELLER,
  text: 'Yes, it is still for sale.',
  at: '2025-11-20T10:00:00.000Z',
  hidden: false,
  ...overrides,
});

export interface Call {
  method: string;
  path: string;
  search: string;
  authorization: string | null;
  body?: unknown;
}

interface Options {
  /** Messages per thread, newest first (as the API answers them). */
  messages?: Record<string, Message[]>;
  unread?: number;
  blocks?: BlockedUser[];
  /** Answers a send instead of the default (201 with the message). */
  refuseSend?: () => Response;
  refuseQuestion?: () => Response;
}

/**
 * The messages API in memory: the threads (latest first), each thread's messages (paged by a
 * cursor, newest first), sends, questions, reads and blocks; every call recorded.
 */
export function serveMessages(threads: Thread[], options: Options = {}) {
  const calls: Call[] = [];
  const messages: Record<string, Message[]> = { ...options.messages };
  let blocks = [...(options.blocks ?? [])];
  let nextId = 500;
  const unread = () => options.unread ?? threads.reduce((sum, thread) => sum + thread.unread, 0);
  const record = async (request: Request) => {
    const url = new URL(request.url);
    calls.push({
      method: request.method,
      path: url.pathname,
      search: url.search,
      authorization: request.headers.get('authorization'),
      ...(request.method === 'POST' && request.headers.get('content-type')?.includes('json') ? { body: await request.clone().json() } : {}),
    });
  };
  const page = <Row>(request: Request, rows: Row[], path: string) => {
    const params = new URL(request.url).searchParams;
    const limit = Number(params.get('limit') ?? 200);
    const start = params.get('cursor') ? Number(params.get('cursor')) : 0;
    const headers: Record<string, string> = { 'X-Unread-Count': String(unread()) };
    if (start + limit < rows.length) headers.Link = `<${API}${path}?limit=${limit}&cursor=${start + limit}>; rel="next"`;
    return HttpResponse.json(rows.slice(start, start + limit), { headers });
  };
  const threadOf = (id: unknown) => threads.find((thread) => thread._id === id);

  server.use(
    http.get(`${API}/threads`, async ({ request }) => {
      await record(request);
      return page(request, threads, '/threads');
    }),
    http.get(`${API}/threads/:id`, async ({ request, params }) => {
      await record(request);
      const thread = threadOf(params.id);
      return thread ? HttpResponse.json(thread) : HttpResponse.json({ message: 'No such conversation' }, { status: 404 });
    }),
    http.get(`${API}/threads/:id/messages`, async ({ request, params }) => {
      await record(request);
      return page(request, messages[params.id as string] ?? [], `/threads/${params.id as string}/messages`);
    }),
    http.post(`${API}/threads/:id/messages`, async ({ request, params }) => {
      await record(request);
      if (options.refuseSend) return options.refuseSend();
      const { text } = (await request.json()) as { text: string };
      const message = aMessage({ _id: String(nextId++), threadId: params.id as string, author: READER, text, at: new Date().toISOString() });
      messages[message.threadId] = [message, ...(messages[message.threadId] ?? [])];
      return HttpResponse.json(message, { status: 201 });
    }),
    http.post(`${API}/threads/:id/read`, async ({ request, params }) => {
      await record(request);
      const thread = threadOf(params.id);
      if (thread) thread.unread = 0;
      return HttpResponse.json({ acknowledged: true, modifiedCount: 1 });
    }),
    http.post(`${API}/books/:id/questions`, async ({ request, params }) => {
      await record(request);
      if (options.refuseQuestion) return options.refuseQuestion();
      const thread = aThread({ _id: 'q1', bookId: params.id as string });
      threads.unshift(thread);
      return HttpResponse.json(thread, { status: 201 });
    }),
    http.get(`${API}/blocks`, async ({ request }) => {
      await record(request);
      return HttpResponse.json(blocks);
    }),
    http.post(`${API}/blocks/:userId`, async ({ request, params }) => {
      await record(request);
      blocks = [{ _id: params.userId as string, name: 'Sam Seller', at: '2025-11-21T10:00:00.000Z' }, ...blocks];
      return HttpResponse.json({ _id: params.userId, blocked: true });
    }),
    http.delete(`${API}/blocks/:userId`, async ({ request, params }) => {
      await record(request);
      blocks = blocks.filter((user) => user._id !== params.userId);
      return HttpResponse.json({ _id: params.userId, blocked: false });
    }),
  );
  return { calls, messages, threads };
}

/**
 * axe's findings (src/testing/axe.ts) inside act: a dialog's transition may end meanwhile, as any
 * update a test causes.
 */
export async function axeViolations(): Promise<string[]> {
  let found: string[] = [];
  await act(async () => {
    found = await findViolations();
  });
  return found;
}
