import fp from 'fastify-plugin';
import type { Config } from '../config';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

export default fp<{ config: Config }>(
  async (app, { config }) => {
    app.decorate('config', config);
  },
  { name: 'config' },
);

/** Route config for calls an attacker could hammer (sign-in, sign-up, upload). */
export function rateLimited(config: Config) {
  return config.rateLimitPerMinute > 0 ? { rateLimit: { max: config.rateLimitPerMinute, timeWindow: 60_000 } } : {};
}
