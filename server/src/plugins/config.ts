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
 * A limit per signed-in caller (and what `scope` names of the request), counted as a preHandler:
 * after `authenticate` (onRequest) has set the caller and the schemas have passed.
 */
function rateLimitedPerCallerAnd(config: Config, key: (caller: string, request: FastifyRequest) => string) {
  if (config.rateLimitPerMinute <= 0) return {};
  return {
    rateLimit: {
      max: config.rateLimitPerMinute,
      timeWindow: 60_000,
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) => key(request.currentUser?.id ?? request.ip, request),
    },
  };
}

/** Calls that cost a provider call per booking (payment intents): per caller and `bookingId`. */
export const rateLimitedPerBooking = (config: Config) =>
  rateLimitedPerCallerAnd(config, (caller, request) => `${caller}:${bookingIdOf(request.body)}`);

const orderIdOf = (params: unknown) =>
  typeof params === 'object' && params !== null && 'id' in params && typeof params.id === 'string' ? params.id : '';

/** The moves of one order: per caller and order (`:id`). */
export const rateLimitedPerOrder = (config: Config) =>
  rateLimitedPerCallerAnd(config, (caller, request) => `order:${caller}:${orderIdOf(request.params)}`);

/** Calls that cost work per caller whatever they name (uploads, ISBN lookups): per caller and `kind`. */
export const rateLimitedPerCaller = (config: Config, kind: string) => rateLimitedPerCallerAnd(config, (caller) => `${kind}:${caller}`);

