import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { isForeignKeyViolation } from '../db/db';
import { HttpError } from '../lib/errors';
import { multipartErrorAsClientError } from '../lib/multipartErrors';

function statusOf(error: FastifyError): number {
  if (error.validation) return 400;
  // A concurrent delete removed what this request referred to.
  if (isForeignKeyViolation(error)) return 409;
  const status = error.statusCode;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : 500;
}

/** One place that turns every failure into `{ message }`: client mistakes as 4xx, faults as a bare 5xx. */
export default fp(
  async (app) => {
    app.setErrorHandler((thrown: FastifyError, request, reply) => {
      const error = multipartErrorAsClientError(thrown, request);
      const status = statusOf(error);
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        // Internals (SQL, stacks, provider details) stay in the log; only our own messages go out.
        const message = error instanceof HttpError ? error.message : 'Internal Server Error';
        return reply.status(status).send({ message });
      }
      request.log.info({ status, reason: error.message }, 'request refused');
      // A body over the limit is refused before it is read, while the client may still be sending
      // it. Closing then, on unread data, resets the connection and can lose this answer; kept
      // open, Node reads the rest of the body (its length is known) and throws it away.
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') reply.removeHeader('connection');
      const message = isForeignKeyViolation(error) ? 'Something this request refers to was removed meanwhile' : error.message;
      return reply.status(status).send({ message });
    });

    // HTTP/1.1 requires a Host header (RFC 9112 §3.2); Node's own check is off (see app.ts).
    // A callback hook: no promise per request for a check that never waits.
    app.addHook('onRequest', (request, _reply, done) => {
      const { httpVersionMajor, httpVersionMinor } = request.raw;
      if (httpVersionMajor === 1 && httpVersionMinor === 1 && request.headers.host === undefined) {
        return done(new HttpError(400, 'An HTTP/1.1 request needs a Host header'));
      }
      done();
    });

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0].slice(0, 200);
      reply.status(404).send({ message: `No route for ${request.method} ${path}` });
    });
  },
  { name: 'errors' },
);
