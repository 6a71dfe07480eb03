import type { FastifyRequest } from 'fastify';
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

const bookingIdOf = (body: unknown) =>
  typeof body === 'object' && body !== null && 'bookingId' in body && typeof body.bookingId === 'string'
    ? body.bookingId
    : '';

/**
 * Route config for calls that cost a provider call per booking (payment intents): a limit per
 * signed-in caller and `bookingId`. It runs as a preHandler, so after `authenticate` (onRequest)
 * has set the caller and the body schema has passed.
 */
export function rateLimitedPerBooking(config: Config) {
  if (config.rateLimitPerMinute <= 0) return {};
  return {
    rateLimit: {
      max: config.rateLimitPerMinute,
      timeWindow: 60_000,
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) => `${request.currentUser?.id ?? request.ip}:${bookingIdOf(request.body)}`,
    },
  };
}

const orderIdOf = (params: unknown) =>
  typeof params === 'object' && params !== null && 'id' in params && typeof params.id === 'string' ? params.id : '';

/** Route config for the moves of one order: a limit per signed-in caller and order (`:id`). */
export function rateLimitedPerOrder(config: Config) {
  if (config.rateLimitPerMinute <= 0) return {};
  return {
    rateLimit: {
      max: config.rateLimitPerMinute,
      timeWindow: 60_000,
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) => `order:${request.currentUser?.id ?? request.ip}:${orderIdOf(request.params)}`,
    },
  };
}

/**
 * Route config for calls that cost work per signed-in caller whatever they name (uploads, ISBN
 * lookups): a limit per caller and `kind`.
 */
export function rateLimitedPerCaller(config: Config, kind: string) {
  if (config.rateLimitPerMinute <= 0) return {};
  return {
    rateLimit: {
      max: config.rateLimitPerMinute,
      timeWindow: 60_000,
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) => `${kind}:${request.currentUser?.id ?? request.ip}`,
    },
  };
}
