import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import pino from 'pino';
import { formatAccessLine, plainStreamOf } from './accessLine';

/**
 * The API's log lines without the secrets and personal data that travel in URLs and errors: the
 * image host key (`?key=`) and users' emails (`?email=`, `/users/admin/<email>`, a database
 * error's `Key (email)=(…)`). Serializers give each request line its method, route, redacted path
 * and status; a last pass over every written line catches what a message string still quotes.
 */

export type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

const REDACTED = '[redacted]';
const EMAIL_PLACEHOLDER = '[email]';
const MAX_URL_LENGTH = 300;

/** An `@`, plain or percent-encoded. */
const AT_SIGN = /@|%40/i;
/** An email, plain or percent-encoded, inside any text (a JSON log line, a stack, a message). */
const EMAIL_IN_TEXT = /[^\s"'`<>()[\]{}\\/?&=:;,]+(?:@|%40)[^\s"'`<>()[\]{}\\/?&=:;,]+/gi;
/** The value of a query parameter that holds a key or an email, quoted in a text. */
const SECRET_PARAMETER_IN_TEXT = /([?&](?:key|email)=)[^&\s"'`#]*/gi;

/** Removes keys and emails from any text. */
export function scrubText(text: string): string {
  // Most lines (a request's, already redacted) have no `=` and no `@`: nothing to look for there.
  const scrubbed = text.includes('=') ? text.replace(SECRET_PARAMETER_IN_TEXT, `$1${REDACTED}`) : text;
  return scrubbed.includes('@') || scrubbed.includes('%40') ? scrubbed.replace(EMAIL_IN_TEXT, EMAIL_PLACEHOLDER) : scrubbed;
}

/**
 * A request URL fit for the log: the path with email-like segments replaced, and the query with
 * its parameter names only (values can be keys or emails).
 */
export function loggableUrl(url: string): string {
  const queryAt = url.indexOf('?');
  // Most paths (every request to the catalogue) have no query and no email: nothing to replace.
  if (queryAt === -1 && !url.includes('@') && !url.includes('%40')) return url.slice(0, MAX_URL_LENGTH);
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const safePath = path
    .split('/')
    .map((segment) => (AT_SIGN.test(segment) ? EMAIL_PLACEHOLDER : segment))
    .join('/');
  if (queryAt === -1) return safePath.slice(0, MAX_URL_LENGTH);
  const names = url
    .slice(queryAt + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const name = pair.split('=')[0];
      const safeName = AT_SIGN.test(name) ? EMAIL_PLACEHOLDER : name;
      return pair.includes('=') ? `${safeName}=${REDACTED}` : safeName;
    });
  return `${safePath}?${names.join('&')}`.slice(0, MAX_URL_LENGTH);
}

/** The route pattern (`/users/admin/:email`) when the request matched one. */
const routeOf = (request: FastifyRequest | undefined) => request?.routeOptions?.url;

function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggableUrl(request.url),
    route: routeOf(request),
    remoteAddress: request.ip,
  };
}

/** Completion lines say what was answered, so each line is useful on its own. */
function serializeReply(reply: Partial<FastifyReply> & Pick<FastifyReply, 'statusCode'>) {
  const request = reply.request;
  return {
    statusCode: reply.statusCode,
    method: request?.method,
    url: request ? loggableUrl(request.url) : undefined,
    route: routeOf(request),
  };
}

const MAX_CAUSE_DEPTH = 3;

/** Message, stack and scalar fields of an error (a database error's `detail`, a provider's `code`). */
function serializeError(error: unknown, depth = 0): { type: string; message: string; stack: string; [key: string]: unknown } {
  if (!(error instanceof Error)) return { type: typeof error, message: scrubText(String(error)), stack: '' };
  const serialized: { type: string; message: string; stack: string; [key: string]: unknown } = {
    type: error.name,
    message: scrubText(error.message),
    stack: scrubText(error.stack ?? ''),
  };
  for (const [field, value] of Object.entries(error)) {
    if (typeof value === 'string') serialized[field] = scrubText(value);
    else if (typeof value === 'number' || typeof value === 'boolean') serialized[field] = value;
  }
  if (error.cause !== undefined && depth < MAX_CAUSE_DEPTH) serialized.cause = serializeError(error.cause, depth + 1);
  return serialized;
}

/**
 * Logger options with the redacting serializers and the last pass over each line; `false` or
 * nothing stays no logging.
 */
export function safeLoggerOptions(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const options: LoggerOptions = logger === true ? {} : logger;
  const writeHook = options.hooks?.streamWrite;
  return {
    ...options,
    serializers: { ...options.serializers, req: serializeRequest, res: serializeReply, err: serializeError },
    hooks: {
      ...options.hooks,
      streamWrite: (line: string) => scrubText(writeHook ? writeHook(line) : line),
    },
  };
}

/** Options of the caller's that change no byte of the access line. */
const PLAIN_OPTIONS: ReadonlySet<string> = new Set(['level', 'stream', 'serializers', 'hooks']);
/** Serializers of the caller's that `safeLoggerOptions` replaces anyway. */
const REPLACED_SERIALIZERS: ReadonlySet<string> = new Set(['req', 'res', 'err']);

/** Whether a logger at `level` writes `info` lines ('silent' has no value among pino's levels). */
const writesInfo = (level: string) => (pino.levels.values[level] ?? Infinity) <= pino.levels.values.info;

/**
 * The last pass over each line when the access line can be written by hand (`accessLine.ts`):
 * logger options with no message key, base, timestamp, formatter, mixin or serializer of the
 * caller's own. Otherwise undefined, and pino writes it.
 */
function handWrittenLinePass(logger: FastifyServerOptions['logger']): ((line: string) => string) | undefined {
  if (!logger || logger === true) return undefined;
  const plain =
    Object.keys(logger).every((key) => PLAIN_OPTIONS.has(key)) &&
    Object.keys(logger.serializers ?? {}).every((key) => REPLACED_SERIALIZERS.has(key)) &&
    Object.keys(logger.hooks ?? {}).every((key) => key === 'streamWrite');
  return plain ? logger.hooks?.streamWrite : undefined;
}

/**
 * One line per request at `info`, written once it is answered: the method, route, redacted path,
 * status, the caller's address and the time taken (`responseTime`, ms), so slow requests show.
 * Fastify's separate 'incoming request' line is written at `debug` only (LOG_LEVEL=debug shows a
 * request that never completes): at `info` it doubled the cost of logging.
 * `loggerOptions`: what `safeLoggerOptions` returned, the options the app's logger was made with.
 */
export class RequestLog extends LogController {
  readonly #linePass: ((line: string) => string) | undefined;

  constructor(loggerOptions?: FastifyServerOptions['logger']) {
    super();
    this.#linePass = handWrittenLinePass(loggerOptions);
  }

  /** Whether a completed request's access line is built by hand rather than by pino. */
  get writesAccessLineByHand(): boolean {
    return this.#linePass !== undefined;
  }

  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (!error && this.#writeByHand(request, reply)) return;
    const line = { res: reply, remoteAddress: request.ip, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }

  /** Writes a completed request's access line as one string when it can; false leaves it to pino. */
  #writeByHand(request: FastifyRequest, reply: FastifyReply): boolean {
    const linePass = this.#linePass;
    const stream = linePass && plainStreamOf(reply.log);
    if (!linePass || !stream) return false;
    // The request's own logger decides: a route may log at another level than the app's.
    if (!writesInfo(reply.log.level)) return true;
    const line = formatAccessLine({
      requestIdLabel: this.requestIdLogLabel,
      requestId: request.id,
      statusCode: reply.statusCode,
      method: request.method,
      url: loggableUrl(request.url),
      route: routeOf(request),
      remoteAddress: request.ip,
      responseTime: reply.elapsedTime,
    });
    stream.write(linePass(line));
    return true;
  }
}
