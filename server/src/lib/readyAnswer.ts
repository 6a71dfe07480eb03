import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ChangeCache } from './changeCache';

/**
 * A JSON answer kept ready to send again: its bytes, their ETag and the headers that go with them
 * (a list's `Link`). Kept in a `ChangeCache`, it is sent without reading or serialising anything.
 */
export interface ReadyAnswer {
  body: Buffer;
  /** Strong: a digest of the bytes, so equal answers have equal tags in every API process. */
  etag: string;
  headers: Readonly<Record<string, string>>;
}

/** `serialized`: the answer as the route's response schema serialises it (`reply.serialize`). */
export function readyAnswer(serialized: string | Buffer | ArrayBuffer, headers: Record<string, string> = {}): ReadyAnswer {
  const body = typeof serialized === 'string' ? Buffer.from(serialized) : Buffer.isBuffer(serialized) ? serialized : Buffer.from(serialized);
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
  return { body, etag, headers };
}

/**
 * Whether `If-None-Match` names `etag` (or is `*`): the client holds these very bytes. Compared
 * weakly, as RFC 9110 has it for this header, so a `W/` a proxy added still matches.
 */
export function clientHolds(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || (trimmed.startsWith('W/') ? trimmed.slice(2) : trimmed) === etag;
  });
}

/**
 * Sends `answer`, or `304 Not Modified` without a body when the client holds it already.
 * `cacheControl` says who may keep it and that it must be revalidated before reuse, since it
 * changes whenever the catalogue does.
 */
export function sendReady(request: FastifyRequest, reply: FastifyReply, answer: ReadyAnswer, cacheControl: string): FastifyReply {
  reply.headers({ ...answer.headers, etag: answer.etag, 'cache-control': cacheControl });
  if (clientHolds(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(answer.body);
}

/**
 * Sends the answer kept under `key` straight away (most requests: no promise, no wait), else reads
 * it into `cache` first. For a route handler to return: it never resolves to `reply`, since a
 * handler's promise that resolves to `reply` waits for the response to finish before it settles.
 */
export function sendKeptOrRead(
  cache: ChangeCache<ReadyAnswer>,
  key: string,
  read: () => Promise<ReadyAnswer>,
  send: (answer: ReadyAnswer) => unknown,
): Promise<void> | undefined {
  const kept = cache.peek(key);
  if (kept) {
    send(kept);
    return undefined;
  }
  return cache.get(key, read).then((answer) => {
    send(answer);
  });
}
