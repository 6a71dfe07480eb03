// What `npm start` prints: one prefixed line per service, and the API's JSON log made readable.

const COLORS = { start: 1, build: 35, auth: 33, api: 32, stripe: 34, mail: 33, books: 94, web: 36, seed: 35 };
const color = process.stdout.isTTY && !process.env.NO_COLOR;
// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;]*[A-Za-z]/g;

const startedAt = performance.now();
/** Seconds since `from` (default: since the launcher started), as `1.2s`. */
export const seconds = (from = startedAt) => `${((performance.now() - from) / 1000).toFixed(1)}s`;

/** A failure to start that the launcher reports in one plain message, without a stack. */
export class StartError extends Error {}

export function log(name, text) {
  const tag = name.padEnd(6);
  const prefix = color ? `\x1b[${COLORS[name] ?? 0}m${tag}\x1b[0m│ ` : `${tag}| `;
  const line = color ? text : text.replace(ANSI, '');
  process.stdout.write(`${prefix}${line}\n`);
}

const PINO_LEVELS = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };
const openRequests = new Map();

/** The API logs JSON (pino); show one readable line per request and plain messages otherwise. */
export function apiLine(line) {
  if (!line.startsWith('{')) return line;
  let entry;
  try {
    entry = JSON.parse(line);
  } catch {
    return line;
  }
  if (entry.msg === 'incoming request' && entry.req) {
    if (openRequests.size > 500) openRequests.delete(openRequests.keys().next().value);
    openRequests.set(entry.reqId, `${entry.req.method} ${entry.req.url}`);
    return null;
  }
  if (entry.msg === 'request completed' && entry.res) {
    // The incoming line is logged at debug only; the completion line names the request itself.
    const named = entry.res.method && entry.res.url ? `${entry.res.method} ${entry.res.url}` : undefined;
    const request = openRequests.get(entry.reqId) ?? named ?? entry.reqId;
    openRequests.delete(entry.reqId);
    if (request.startsWith('OPTIONS ')) return null; // CORS preflights: noise
    return `${request} → ${entry.res.statusCode} (${Math.round(entry.responseTime ?? 0)} ms)`;
  }
  const level = PINO_LEVELS[entry.level] ?? String(entry.level);
  let text = `${level === 'info' ? '' : `${level.toUpperCase()} `}${entry.msg ?? ''}`;
  if (entry.err?.message) text += `: ${entry.err.message}`;
  if (entry.level >= 50 && entry.err?.stack) text += `\n${entry.err.stack}`;
  return text;
}
