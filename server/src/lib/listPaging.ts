import type { FastifyReply, FastifyRequest } from 'fastify';
import { hasControlCharacter } from '../plugins/controlCharacters';
import type { KeysetOrder, ListPage, ListPosition } from '../repositories/keyset';
import { badRequest } from './errors';
import { ID_PATTERN } from './ids';
import { baseUrlOf } from './wire';

/**
 * Lists answer a plain array, a page of it: `limit` rows at most (without it, the list's maximum)
 * after `cursor`, and a `Link: <…>; rel="next"` header while more follow. See docs/API.md.
 */

/** The most books one answer of a book list carries. */
export const BOOK_LIST_MAX = 500;
/** The most rows one answer of the other lists (users, bookings, products) carries. */
export const LIST_MAX = 200;

/** The sort of the lists that only come oldest first (books, products, bookings), as cursors name it. */
export const OLDEST_FIRST = 'created_asc';

export interface PagingQuery {
  limit?: number;
  cursor?: string;
}

/** The `limit` and `cursor` query parameters of a list whose pages hold at most `max` rows. */
export const pagingProperties = (max: number) =>
  ({
    limit: { type: 'integer', minimum: 1, maximum: max },
    cursor: { type: 'string', minLength: 1, maxLength: 800, pattern: '^[A-Za-z0-9_-]+$' },
  }) as const;

/** How a timestamp prints in PostgreSQL's ISO style, as positions of date-ordered lists carry it. */
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?([+-])(\d{2})(?::(\d{2}))?$/;

/** A timestamp PostgreSQL reads back without error: a real calendar day, a real time, a real offset. */
export function isTimestamp(text: string): boolean {
  const match = TIMESTAMP.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes] = [1, 2, 3, 4, 5, 6, 9, 10].map((group) =>
    Number(match[group] ?? 0),
  );
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60 &&
    offsetHours <= 15 &&
    offsetMinutes < 60
  );
}

/** A key of a text order: anything a name or an email can be, nothing the database refuses. */
const isTextKey = (text: string) => text.length <= 300 && !hasControlCharacter(text);

/** An opaque cursor: the position a page ended at and the sort it belongs to. */
export function encodeCursor(sort: string, position: ListPosition): string {
  return Buffer.from(JSON.stringify({ s: sort, k: position.key, i: position.id })).toString('base64url');
}

/** The fields of an opaque cursor (base64url JSON of an object); `invalid` for anything else. */
export function cursorFields(raw: string, invalid: () => Error): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid();
  return value as Record<string, unknown>;
}

/** Reads a cursor this list handed out for `sort`; anything else is a 400. */
export function decodeCursor(raw: string, sort: string, order: KeysetOrder): ListPosition {
  const invalid = () => badRequest('The cursor is not one this list handed out');
  const { s, k, i } = cursorFields(raw, invalid);
  if (typeof i !== 'string' || !new RegExp(ID_PATTERN).test(i) || typeof k !== 'string' || typeof s !== 'string') throw invalid();
  if (s !== sort) throw badRequest('The cursor belongs to another sort order');
  if (!(order.keyType === 'timestamptz' ? isTimestamp(k) : isTextKey(k))) throw invalid();
  return { key: k, id: i };
}

export interface PageAnswer<Row> {
  /** The list's own path, as a client calls it. */
  path: string;
  /** The list's other query parameters, carried into the next page's link. */
  query?: Record<string, string | undefined>;
  limit: number;
  sort: string;
  page: ListPage<Row>;
}

/** The `Link: <…>; rel="next"` header's value when another page follows. */
export function nextPageLink<Row>(request: FastifyRequest, answer: PageAnswer<Row>): string | undefined {
  const { page } = answer;
  if (!page.next) return undefined;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(answer.query ?? {})) if (value !== undefined) params.set(name, value);
  params.set('limit', String(answer.limit));
  params.set('cursor', encodeCursor(answer.sort, page.next));
  return `<${baseUrlOf(request)}${answer.path}?${params.toString()}>; rel="next"`;
}

/** Sets `Link: <…>; rel="next"` when another page follows; answers the page's rows. */
export function answerPage<Row>(request: FastifyRequest, reply: FastifyReply, answer: PageAnswer<Row>): Row[] {
  const link = nextPageLink(request, answer);
  if (link !== undefined) reply.header('link', link);
  return answer.page.rows;
}

/**
 * Lists of rows numbered as they are made (notifications, ledger entries), newest first: a cursor
 * names the number of the last row a page held. These read and make those cursors.
 */
const NEWEST_FIRST = 'newest';
const ROW_NUMBER = /^[1-9][0-9]{0,17}$/;

/** The row number a newest-first cursor names; anything else is a 400. */
export function decodeNewestCursor(raw: string): string {
  const invalid = () => badRequest('The cursor is not one this list handed out');
  const { s, i } = cursorFields(raw, invalid);
  if (s !== NEWEST_FIRST || typeof i !== 'string' || !ROW_NUMBER.test(i)) throw invalid();
  return i;
}

/** Sets the `Link` to the page after the row numbered `lastId`, when more follow. */
export function linkNewestPage(request: FastifyRequest, reply: FastifyReply, path: string, limit: number, lastId: string | undefined): void {
  if (lastId === undefined) return;
  reply.header('link', `<${baseUrlOf(request)}${path}?limit=${limit}&cursor=${encodeCursor(NEWEST_FIRST, { key: '', id: lastId })}>; rel="next"`);
}
