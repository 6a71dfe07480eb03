import type { FastifyInstance, FastifyRequest } from 'fastify';
import { conflict, forbidden, notFound } from '../lib/errors';
import type { VerifiedIdentity } from '../lib/firebaseVerifier';
import { rateLimited } from '../plugins/config';
import { callerOf, SUSPENDED, verifiedIdentityOf } from '../plugins/identity';
import { usersRepository, isSellerRole, type Role } from '../repositories/users';
import { email, emailParams, emailQuery, inserted, sameEmail, text } from '../schemas';

/** Answered to a password account whose address nobody has confirmed yet; the client shows it. */
export const UNVERIFIED_EMAIL = 'Confirm your email address first: open the link we sent to it';
const EMAIL_TAKEN = 'This email belongs to another account';

/**
 * The identity behind a request, refused unless the provider proved its email: a password
 * account after its confirmation link was opened, or a provider that verifies (Google).
 */
function provenIdentity(request: FastifyRequest, email: string): VerifiedIdentity {
  const identity = verifiedIdentityOf(request);
  if (!sameEmail(identity.email, email)) throw forbidden('The email does not match the signed-in account');
  if (!identity.emailVerified) throw forbidden(UNVERIFIED_EMAIL);
  return identity;
}

/** Sign-up, sign-in (access token for an ID token) and the role checks the client runs after sign-in. */
export default async function identityRoutes(app: FastifyInstance) {
  const users = usersRepository(app.db);

  app.get<{ Querystring: { email: string } }>(
    '/jwt',
    {
      // After the rate limit (an onRequest hook), so guessing tokens is throttled too.
      preValidation: app.requireIdToken,
      config: rateLimited(app.config),
      schema: {
        querystring: emailQuery,
        response: { 200: { type: 'object', required: ['accessToken'], properties: { accessToken: { type: 'string' } } } },
      },
    },
    async (request) => {
      const identity = provenIdentity(request, request.query.email);
      const user = await users.findForAccount(identity);
      if (!user) {
        if (await users.findByEmail(identity.email)) throw conflict(EMAIL_TAKEN);
        throw notFound('No account for this email; sign up first');
      }
      if (user.suspended_at !== null) throw forbidden(SUSPENDED);
      // The provider's address may have changed since the record was made.
      if (!sameEmail(user.email, identity.email) && !(await users.updateEmail(user.id, identity.email))) {
        throw conflict(EMAIL_TAKEN);
      }
      const email = identity.email.toLowerCase();
      return { accessToken: await app.accessTokens.sign({ userId: user.id, email }) };
    },
  );

  app.post<{ Body: { name: string; email: string; role: 'Buyer' | 'seller' } }>(
    '/users',
    {
      preValidation: app.requireIdToken,
      config: rateLimited(app.config),
      schema: {
        body: {
          type: 'object',
          required: ['name', 'email', 'role'],
          additionalProperties: false,
          properties: { name: text(100, 1), email, role: { type: 'string', enum: ['Buyer', 'seller'] } },
        },
        response: { 200: inserted },
      },
    },
    async (request) => {
      // Only a proven address gets a record, so only a proven one can be an ADMIN_EMAILS admin.
      const identity = provenIdentity(request, request.body.email);
      const isConfiguredAdmin = app.config.adminEmails.includes(identity.email.toLowerCase());
      const role: Role = isConfiguredAdmin ? 'admin' : request.body.role;
      // A repeat sign-up answers the existing record and never changes its role.
      const saved = await users.insertIfAbsent(identity, { name: request.body.name.trim(), role });
      if (!saved) throw conflict(EMAIL_TAKEN);
      if (isConfiguredAdmin && saved.user.role !== 'admin') await users.setRole(saved.user.id, 'admin');
      return { acknowledged: true, insertedId: saved.user.id };
    },
  );

  const roleCheck = (path: string, answerField: 'isAdmin' | 'isSeller', holds: (role: Role) => boolean) =>
    app.get<{ Params: { email: string } }>(
      path,
      {
        onRequest: app.authenticate,
        schema: {
          params: emailParams,
          response: { 200: { type: 'object', required: [answerField], properties: { [answerField]: { type: 'boolean' } } } },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        if (!sameEmail(caller.email, request.params.email) && caller.role !== 'admin') {
          throw forbidden('You can only check your own roles');
        }
        const user = await users.findByEmail(request.params.email);
        return { [answerField]: user !== undefined && holds(user.role) };
      },
    );
  roleCheck('/users/admin/:email', 'isAdmin', (role) => role === 'admin');
  roleCheck('/users/seller/:email', 'isSeller', isSellerRole);
}
