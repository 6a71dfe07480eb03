import type { FastifyInstance } from 'fastify';

/** blocks (docs/API.md, "Messages, reviews and reports"). */
export default async function blockRoutes(app: FastifyInstance) {
  void app;
}
