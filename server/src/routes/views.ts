import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BOT_AGENT } from '../insight/views';
import { badRequest } from '../lib/errors';
import { ID_PATTERN } from '../lib/ids';

interface ViewBody {
  bookId: string;
  session: string;
  /** The viewer's access token, when signed in: a beacon sends no headers. */
  token?: string;
}

const viewBody = {
  type: 'object',
  required: ['bookId', 'session'],
  additionalProperties: false,
  properties: {
    bookId: { type: 'string', pattern: ID_PATTERN },
    session: { type: 'string', pattern: '^[A-Za-z0-9_-]{8,64}$' },
    token: { type: 'string', maxLength: 4096 },
  },
} as const;

/** The beacon's body is JSON sent as text (a beacon sends no other type across origins without asking first). */
const MAX_BEACON_BYTES = 4_096;

/**
 * `POST /views` (server/src/insight/README.md): a book page's view, for anyone, 204 always once
 * well formed. Known bots and the book's own seller are not counted; nothing is written per
 * request.
 */
export default async function viewRoutes(app: FastifyInstance) {
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: MAX_BEACON_BYTES }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(badRequest('The body must be JSON'), undefined);
    }
  });

  /** Who sent it, when the beacon (or the header) carries a genuine access token; its own book's views do not count. */
  const viewerOf = async (request: FastifyRequest<{ Body: ViewBody }>): Promise<string | null> => {
    const header = request.headers.authorization;
    const token = request.body.token ?? (header?.toLowerCase().startsWith('bearer ') ? header.slice(7) : undefined);
    if (!token) return null;
    return (await app.accessTokens.verify(token))?.userId ?? null;
  };

  app.post<{ Body: ViewBody }>('/views', { bodyLimit: MAX_BEACON_BYTES, schema: { body: viewBody } }, async (request, reply) => {
    if (!BOT_AGENT.test(request.headers['user-agent'] ?? '')) {
      app.insight.views.take({ bookId: request.body.bookId, session: request.body.session, viewerId: await viewerOf(request) });
    }
    // A beacon is sent without CORS, so the resource policy decides whether the browser takes
    // the answer; it is empty, so any page may.
    return reply.code(204).header('cross-origin-resource-policy', 'cross-origin').send();
  });
}
