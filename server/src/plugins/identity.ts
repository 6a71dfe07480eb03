import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AccessTokens } from '../lib/accessTokens';
import { forbidden, HttpError, unauthorized } from '../lib/errors';
import type { AccountChecker, AccountStanding, IdTokenVerifier, VerifiedIdentity } from '../lib/firebaseVerifier';
import { usersRepository, type User } from '../repositories/users';

declare module 'fastify' {
  interface FastifyInstance {
    accessTokens: AccessTokens;
    /** Route hook: the caller must send a genuine identity-provider ID token. */
    requireIdToken(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** onRequest hook: the caller must send a valid API access token of an existing user. */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** Route hook for public routes: signs the caller in when a valid access token came along. */
    identifyIfSignedIn(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
  interface FastifyRequest {
    verifiedIdentity: VerifiedIdentity | null;
    currentUser: User | null;
  }
}

export interface IdentityOptions {
  verifyIdToken: IdTokenVerifier;
  /** Asked on every authenticated request, so a disabled account loses access at once. */
  checkAccount: AccountChecker;
  accessTokens: AccessTokens;
}

/** firebase-admin codes meaning the provider could not be asked, not that the token is bad. */
const UNREACHABLE = ['app/network-error', 'app/network-timeout', 'auth/internal-error'];

const providerUnavailable = () => new HttpError(503, 'The sign-in service cannot be reached, try again');

const MAX_TOKEN_LENGTH = 8192;

/** Answered to every call of a suspended account, sign-in included, until an admin lifts it. */
export const SUSPENDED = 'This account is suspended';

/** The token of an `authorization: bearer <token>` header (any case), if there is one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || header.length > MAX_TOKEN_LENGTH) return undefined;
  const match = /^bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/** Handlers run only after `authenticate`; this turns a missing user into a 401 rather than a crash. */
export function callerOf(request: FastifyRequest): User {
  if (!request.currentUser) throw unauthorized();
  return request.currentUser;
}

export function verifiedIdentityOf(request: FastifyRequest): VerifiedIdentity {
  if (!request.verifiedIdentity) throw unauthorized();
  return request.verifiedIdentity;
}

export default fp<IdentityOptions>(
  async (app, options) => {
    app.decorate('accessTokens', options.accessTokens);
    const users = usersRepository(app.db);
    app.decorateRequest('verifiedIdentity', null);
    app.decorateRequest('currentUser', null);

    app.decorate('requireIdToken', async (request: FastifyRequest) => {
      const token = bearerToken(request);
      if (!token) throw unauthorized('Send the sign-in ID token as a bearer token');
      try {
        request.verifiedIdentity = await options.verifyIdToken(token);
      } catch (error) {
        const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
        if (UNREACHABLE.includes(code)) {
          request.log.error({ err: error }, 'verifying an ID token failed');
          throw providerUnavailable();
        }
        request.log.info({ reason: error instanceof Error ? error.message : String(error) }, 'ID token refused');
        if (code === 'auth/user-disabled') throw unauthorized('This account is disabled');
        throw unauthorized('The sign-in ID token is invalid or expired');
      }
    });

    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = bearerToken(request);
      if (!token) throw unauthorized('Send the access token as a bearer token');
      const claims = await options.accessTokens.verify(token);
      if (!claims) throw unauthorized('The access token is invalid or expired');
      // The user is read on every request (kept in memory until the users table changes), so role
      // changes and deletions apply at once; the token only says who the caller is.
      const user = await app.caches.users.get(claims.userId, () => users.findById(claims.userId));
      if (!user || user.email !== claims.email.toLowerCase() || !user.firebase_uid) {
        throw unauthorized('The account of this access token no longer exists');
      }
      if (user.suspended_at !== null) throw forbidden(SUSPENDED);
      // The identity provider has the last word: a disabled account or revoked sessions end here.
      let standing: AccountStanding;
      try {
        standing = await options.checkAccount(user.firebase_uid);
      } catch (error) {
        request.log.error({ err: error }, 'checking the account failed');
        throw providerUnavailable();
      }
      if (!standing.active) throw unauthorized('This account is disabled');
      if (standing.validAfterMs !== undefined && claims.issuedAtMs < standing.validAfterMs) {
        throw unauthorized('This session was ended; sign in again');
      }
      request.currentUser = user;
    });

    app.decorate('identifyIfSignedIn', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!bearerToken(request)) return;
      try {
        await app.authenticate(request, reply);
      } catch {
        // A missing, expired or refused token: the caller is a visitor.
        request.currentUser = null;
      }
    });
  },
  { name: 'identity', dependencies: ['database', 'caches'] },
);
