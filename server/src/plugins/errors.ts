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
      const message = isForeignKeyViolation(error) ? 'Something this request refers to was removed meanwhile' : error.message;
      return reply.status(status).send({ message });
    });

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0].slice(0, 200);
      reply.status(404).send({ message: `No route for ${request.method} ${path}` });
    });
  },
  { name: 'errors' },
);
