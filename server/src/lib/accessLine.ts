import { hostname } from 'node:os';
import pino from 'pino';

/**
 * The access line ('request completed', one per request) as one string, byte for byte what pino
 * writes for `log.info({ res, remoteAddress, responseTime }, 'request completed')` under the API's
 * own logger options (`server/test/access-line.test.ts` compares the two). Built by hand it costs
 * about half of what pino's walk over the object does; the catalogue list, served from memory,
 * then answers about 1.1× as many requests a second (docs/PERFORMANCE.md). Other lines, and this
 * one under options it does not follow, are pino's; so is a request that ended in an error.
 */
export interface AccessLine {
  /** Fastify's label for the request id (`reqId` by default) and the id. */
  requestIdLabel: string;
  requestId: string | number;
  statusCode: number;
  method: string;
  /** Already fit for the log (`loggableUrl`). */
  url: string;
  route: string | undefined;
  remoteAddress: string | undefined;
  responseTime: number;
}

const INFO = 30;
/** pino's default `base`, as it writes it after the time. */
const BASE = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())}`;

/** `JSON.stringify` of a number is what pino writes for one, `null` for NaN and infinities included. */
export function formatAccessLine(line: AccessLine, now = Date.now()): string {
  const route = line.route === undefined ? '' : `,"route":${JSON.stringify(line.route)}`;
  const address = line.remoteAddress === undefined ? '' : `,"remoteAddress":${JSON.stringify(line.remoteAddress)}`;
  return (
    `{"level":${INFO},"time":${now}${BASE},${JSON.stringify(line.requestIdLabel)}:${JSON.stringify(line.requestId)}` +
    `,"res":{"statusCode":${line.statusCode},"method":${JSON.stringify(line.method)},"url":${JSON.stringify(line.url)}${route}}` +
    `${address},"responseTime":${JSON.stringify(line.responseTime)},"msg":"request completed"}\n`
  );
}

interface LineStream {
  write(line: string): unknown;
}

/**
 * The stream a pino logger writes to (`pino.symbols.streamSym`, part of pino's API), unless it
 * needs pino's metadata with each line (a `pino.multistream` routes lines by their level that way).
 */
export function plainStreamOf(logger: object): LineStream | undefined {
  const stream: unknown = (logger as Record<symbol, unknown>)[pino.symbols.streamSym];
  if (typeof stream !== 'object' || stream === null) return undefined;
  if (typeof (stream as Partial<LineStream>).write !== 'function') return undefined;
  if ((stream as Record<symbol, unknown>)[pino.symbols.needsMetadataGsym]) return undefined;
  return stream as LineStream;
}
