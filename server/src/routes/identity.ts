import type { FastifyInstance } from 'fastify';
import { forbidden, notFound } from '../lib/errors';
import { rateLimited } from '../plugins/config';
import { callerOf, verifiedIdentityOf } from '../plugins/identity';
import { usersRepository, isSellerRole, type Role } from '../repositories/users';
import { email, emailParams, emailQuery, inserted, sameEmail, text } from '../schemas';

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
      const identity = verifiedIdentityOf(request);
      if (!sameEmail(identity.email, request.query.email)) {
        throw forbidden('The email does not match the signed-in account');
      }
      const user = await users.findByEmail(identity.email);
      if (!user) throw notFound('No account for this email; sign up first');
      return { accessToken: await app.accessTokens.sign({ userId: user.id, email: user.email }) };
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
      const identity = verifiedIdentityOf(request);
      if (!sameEmail(identity.email, request.body.email)) {
        throw forbidden('The email does not match the signed-in account');
      }
      // Anyone can sign up with any address, so only a proven one is promoted. The emulator
      // (local demo shops) has no mailbox to prove it with.
      const proven = identity.emailVerified || app.config.firebaseAuthEmulatorHost !== undefined;
      const isConfiguredAdmin = proven && app.config.adminEmails.includes(identity.email.toLowerCase());
      const role: Role = isConfiguredAdmin ? 'admin' : request.body.role;
      // A repeat sign-up answers the existing record and never changes its role.
      const { user } = await users.insertIfAbsent({ name: request.body.name.trim(), email: identity.email, role });
      if (isConfiguredAdmin && user.role !== 'admin') await users.setRole(user.id, 'admin');
      return { acknowledged: true, insertedId: user.id };
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
