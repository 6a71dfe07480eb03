import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from '../lib/errors';
import { baseUrlOf } from '../lib/wire';

/**
 * The books table pages by position: its order is of sums over a period, which change as views
 * arrive, so a key would promise more than it keeps. The cursor is opaque all the same, and
 * names the sort it belongs to.
 */
export function encodeOffsetCursor(offset: number, sort: string): string {
  return Buffer.from(JSON.stringify({ o: offset, s: sort })).toString('base64url');
}

/** The offset a cursor names; 400 for one that is not ours or belongs to another sort. */
export function decodeOffsetCursor(cursor: string, sort: string): number {
  try {
    const { o, s } = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { o?: unknown; s?: unknown };
    if (typeof o === 'number' && Number.isSafeInteger(o) && o >= 0 && s === sort) return o;
  } catch {
    // Told below.
  }
  throw badRequest('cursor is not a cursor of this list and sort');
}

/** The `Link: <…>; rel="next"` header while more rows follow `next`. */
export function bookPageLink(
  request: FastifyRequest,
  reply: FastifyReply,
  query: { days: number; sort: string; limit: number },
  next: number | undefined,
): void {
  if (next === undefined) return;
  const params = new URLSearchParams({ days: String(query.days), sort: query.sort, limit: String(query.limit), cursor: encodeOffsetCursor(next, query.sort) });
  reply.header('link', `<${baseUrlOf(request)}/insight/seller/books?${params}>; rel="next"`);
}
