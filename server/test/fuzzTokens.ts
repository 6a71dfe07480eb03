import type { Random } from './fuzzInputs';
import { json, protectedRoutes, rawRequest, type FuzzCase, type FuzzCast } from './fuzzRequest';

/** A junk, expired, forged or unsigned token on a protected route: 401, whatever the request asks. */
function badToken(random: Random, cast: FuzzCast): FuzzCase {
  const { method, url, body } = random.pick(protectedRoutes(cast));
  const token = random.pick(cast.badTokens);
  const headers = { authorization: token.authorization, ...(body ? { 'content-type': 'application/json' } : {}) };
  const bytes = rawRequest(method, url, headers, body ? json(body) : undefined);
  return { kind: 'bad tokens', label: `${method} ${url.slice(0, 60)} with ${token.label}`, bytes, expect: 'refused', statuses: [401] };
}

export const tokenCases = [badToken] as const;
