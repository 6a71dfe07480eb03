import type { FastifyInstance } from 'fastify';

/** messages (docs/API.md, "Messages, reviews and reports"). */
export default async function messageRoutes(app: FastifyInstance) {
  void app;
}
