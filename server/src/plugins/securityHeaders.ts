import fp from 'fastify-plugin';

/**
 * What every API answer carries unless its route chose otherwise (the image host sets its own
 * policy): JSON is never a document to run or frame, and is not sniffed into anything else.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

const HEADER_NAMES = Object.keys(API_SECURITY_HEADERS);

/**
 * Pictures are shown by the web app from another origin, so they may be embedded anywhere;
 * anything else only by pages of the same site (JSON is read with CORS, which this does not touch).
 */
export function resourcePolicyFor(contentType: unknown): 'cross-origin' | 'same-site' {
  return typeof contentType === 'string' && /^image\//i.test(contentType.trim()) ? 'cross-origin' : 'same-site';
}

/** Security headers on every answer: routes, errors, unknown URLs and CORS preflights. */
export default fp(
  async (app) => {
    // A callback hook: no promise per answer for work that never waits.
    app.addHook('onSend', (_request, reply, payload, done) => {
      for (const name of HEADER_NAMES) {
        if (!reply.hasHeader(name)) reply.header(name, API_SECURITY_HEADERS[name]);
      }
      if (!reply.hasHeader('cross-origin-resource-policy')) {
        reply.header('cross-origin-resource-policy', resourcePolicyFor(reply.getHeader('content-type')));
      }
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);
