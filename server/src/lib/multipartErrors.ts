import type { FastifyError, FastifyRequest } from 'fastify';

/**
 * What @fastify/busboy says about a body that is not well-formed multipart. Its errors carry no
 * code or status, only these messages: no boundary, an empty or over-long one (its stream search
 * refuses a needle that long), and a body that ends before the closing boundary.
 */
const MALFORMED_MULTIPART_MESSAGES = [
  /^Multipart: Boundary not found$/,
  /^Boundary required$/,
  /^The needle cannot (be an empty String\/Buffer|have a length bigger than \d+)\.$/,
  /^Unexpected end of multipart data$/,
  /^\w+ terminated early due to unexpected end of multipart data$/,
  /^Missing Content-Type-header\.$/,
  /^Unsupported Content-Type\.$/,
];

/** @fastify/multipart errors about malformed input that it answers with a status other than 400. */
const MULTIPART_CODES_MEANING_BAD_INPUT = new Set(['FST_INVALID_JSON_FIELD_ERROR']);

class MalformedMultipart extends Error implements FastifyError {
  readonly code = 'FST_MALFORMED_MULTIPART';
  readonly statusCode = 400;

  constructor(cause: Error) {
    super(`The upload is not well-formed multipart/form-data: ${cause.message}`, { cause });
    this.name = 'MalformedMultipart';
  }
}

/**
 * A malformed multipart body is the client's mistake: its parser error becomes a 400 saying so.
 * Size limits keep their 413, and any other error is answered unchanged.
 */
export function multipartErrorAsClientError(error: FastifyError, request: FastifyRequest): FastifyError {
  if (!/^multipart\//i.test(request.headers['content-type'] ?? '')) return error;
  const coded = MULTIPART_CODES_MEANING_BAD_INPUT.has(error.code);
  const malformed = error.statusCode === undefined && MALFORMED_MULTIPART_MESSAGES.some((pattern) => pattern.test(error.message));
  return coded || malformed ? new MalformedMultipart(error) : error;
}
