import fp from 'fastify-plugin';
import type { Db } from '../db/db';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

export interface DatabaseOptions {
  db: Db;
  /** Close the database with the app (false when the caller owns it, as tests do). */
  closeOnShutdown: boolean;
}

export default fp<DatabaseOptions>(
  async (app, { db, closeOnShutdown }) => {
    app.decorate('db', db);
    if (closeOnShutdown) app.addHook('onClose', () => db.close());
  },
  { name: 'database' },
);
