import type { FastifyInstance } from 'fastify';

/** reports (docs/API.md, "Messages, reviews and reports"). */
export default async function reportRoutes(app: FastifyInstance) {
  void app;
}
