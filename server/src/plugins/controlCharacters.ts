import fp from 'fastify-plugin';
import { badRequest } from '../lib/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Body fields holding multi-line text, where tab, LF and CR are allowed. */
    multiLineFields?: readonly string[];
  }
}

const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;

/** Whether `text` holds a control character (C0, DEL or C1); with `lineBreaks`, tab, LF and CR pass. */
export function hasControlCharacter(text: string, lineBreaks = false): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x20) {
      if (lineBreaks && (code === TAB || code === LF || code === CR)) continue;
      return true;
    }
    if (code >= 0x7f && code <= 0x9f) return true;
  }
  return false;
}

/** A percent-encoded C0 control, DEL or C1 control (UTF-8 `%C2%80`-`%C2%9F`). */
const ENCODED_CONTROL = /%(?:[01][0-9a-f]|7f|c2%[89][0-9a-f])/i;

interface Found {
  path: string;
  lineBreaksAllowed: boolean;
}

/**
 * The first place in a parsed value (strings and keys, at any depth) holding a control character
 * it may not hold. Top-level fields named in `multiLine` may hold tab and line breaks. Walked with
 * a list rather than recursion, so a deeply nested body cannot exhaust the stack.
 */
function findControlCharacter(root: unknown, rootPath: string, multiLine: ReadonlySet<string>): Found | undefined {
  const pending: Array<{ value: unknown; path: string; lineBreaks: boolean }> = [
    { value: root, path: rootPath, lineBreaks: false },
  ];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, path, lineBreaks } = next;
    if (typeof value === 'string') {
      if (hasControlCharacter(value, lineBreaks)) return { path, lineBreaksAllowed: lineBreaks };
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => pending.push({ value: item, path: `${path}/${index}`, lineBreaks }));
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        // The path names the object, never the key itself: it is what holds the control character.
        if (hasControlCharacter(key)) return { path: `a field name in ${path}`, lineBreaksAllowed: false };
        const fieldLineBreaks = path === rootPath ? multiLine.has(key) : lineBreaks;
        pending.push({ value: item, path: `${path}/${key}`, lineBreaks: fieldLineBreaks });
      }
    }
  }
  return undefined;
}

const refusal = ({ path, lineBreaksAllowed }: Found) =>
  badRequest(
    `${path.slice(0, 200)} must not contain control characters${lineBreaksAllowed ? ' other than tabs and line breaks' : ''}`,
  );

const NO_MULTI_LINE: ReadonlySet<string> = new Set();

/**
 * No control characters in any input: URL path, query values, path parameters and JSON bodies
 * (PostgreSQL cannot store NUL, and the others are invisible in the marketplace). Tab and line
 * breaks are allowed only in the body fields a route names in `config.multiLineFields`.
 */
export default fp(
  async (app) => {
    // Before routing is done with and before authentication, for every route and unknown URLs.
    // A callback hook, not an async one: it runs on every request, and a promise per request
    // for a check that never waits is measurable under load (`npm run bench -- api`).
    app.addHook('onRequest', (request, _reply, done) => {
      // An unknown URL has only the router's catch-all parameter, which the message should not name.
      const found =
        (request.is404 ? undefined : findControlCharacter(request.params, 'params', NO_MULTI_LINE)) ??
        findControlCharacter(request.query, 'querystring', NO_MULTI_LINE);
      if (found) return done(refusal(found));
      const url = request.raw.url ?? '';
      if (hasControlCharacter(url) || ENCODED_CONTROL.test(url)) {
        return done(badRequest('The URL must not contain control characters'));
      }
      done();
    });

    // A callback hook too: most requests (every GET) have no body, and return at once.
    app.addHook('preValidation', (request, _reply, done) => {
      if (request.body === undefined || request.body === null) return done();
      const multiLine = new Set(request.routeOptions.config.multiLineFields ?? []);
      const found = findControlCharacter(request.body, 'body', multiLine);
      done(found ? refusal(found) : undefined);
    });
  },
  { name: 'control-characters' },
);
