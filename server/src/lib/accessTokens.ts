import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SignJWT, jwtVerify } from 'jose';
import { ID_PATTERN } from './ids';

/** What the API's own access token proves: who the caller is. Roles are always read from the database. */
export interface AccessTokenClaims {
  userId: string;
  email: string;
}

/** What a verified access token says, including when it was issued (ms since the epoch). */
export interface VerifiedAccessToken extends AccessTokenClaims {
  issuedAtMs: number;
}

export interface AccessTokens {
  sign(claims: AccessTokenClaims): Promise<string>;
  /** Answers the claims, or undefined for a forged, expired or malformed token. */
  verify(token: string): Promise<VerifiedAccessToken | undefined>;
}

const ISSUER = 'book-resale-api';
const AUDIENCE = 'book-resale-spa';
const LIFETIME = '1h';

/** Tokens verified already, remembered so that a client's next requests skip the signature check. */
const MAX_REMEMBERED_TOKENS = 10_000;

/** A subject is a user id; anything else (a NUL byte, say) must never reach a query. */
const USER_ID = new RegExp(ID_PATTERN);

export function accessTokens(secret: string): AccessTokens {
  const key = new TextEncoder().encode(secret);
  // A token is the same bytes at every use, so its signature, issuer and audience check out the
  // same way every time; only its expiry needs checking again. Forged or bad tokens are never kept.
  const remembered = new Map<string, { claims: VerifiedAccessToken; expiresAt: number }>();
  const nowInSeconds = () => Math.floor(Date.now() / 1000);
  const remember = (token: string, claims: VerifiedAccessToken, expiresAt: number) => {
    if (remembered.size >= MAX_REMEMBERED_TOKENS) {
      const oldest = remembered.keys().next();
      if (!oldest.done) remembered.delete(oldest.value);
    }
    remembered.set(token, { claims: Object.freeze(claims), expiresAt });
  };
  return {
    sign: ({ userId, email }) =>
      new SignJWT({ email })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(LIFETIME)
        .sign(key),
    async verify(token) {
      const known = remembered.get(token);
      if (known) {
        // Expired as jose has it: `exp` at or before the current second.
        if (nowInSeconds() < known.expiresAt) return known.claims;
        remembered.delete(token);
        return undefined;
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
        });
        if (typeof payload.sub !== 'string' || !USER_ID.test(payload.sub) || typeof payload.email !== 'string') return undefined;
        if (typeof payload.iat !== 'number' || typeof payload.exp !== 'number') return undefined;
        const claims = { userId: payload.sub, email: payload.email, issuedAtMs: payload.iat * 1000 };
        remember(token, claims, payload.exp);
        return claims;
      } catch {
        return undefined;
      }
    },
  };
}

/**
 * The signing secret: the configured one, else a random one created on first start and kept in
 * `DATA_DIR/jwt-secret` so tokens survive restarts. Several processes must share JWT_SECRET instead.
 */
export async function resolveJwtSecret(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  const hasCode = (error: unknown, code: string) =>
    typeof error === 'object' && error !== null && 'code' in error && error.code === code;
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if (!hasCode(error, 'ENOENT')) throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('hex');
  try {
    // Exclusive create: of two processes starting at once, one writes and both use its secret.
    await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if (!hasCode(error, 'EEXIST')) throw error;
    const winner = (await readFile(file, 'utf8')).trim();
    if (winner.length >= 32) return winner;
    // A damaged file (too short to sign with): replace it.
    await writeFile(file, `${secret}\n`, { mode: 0o600 });
    return secret;
  }
}
