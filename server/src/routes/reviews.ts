import type { FastifyInstance } from 'fastify';

/** reviews (docs/API.md, "Messages, reviews and reports"). */
export default async function reviewRoutes(app: FastifyInstance) {
  void app;
}
