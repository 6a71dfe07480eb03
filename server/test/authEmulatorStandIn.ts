import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The part of the Firebase Auth emulator an API process asks while it runs: `accounts:lookup`
 * (firebase-admin's `getUser`, behind the revocation check and the account standing). Every uid
 * `uid-<email>` is an active account with that verified address. It starts in milliseconds where
 * the real emulator takes about 20 s, which is what lets a test start the API again and again.
 */
export interface AuthEmulatorStandIn {
  /** `127.0.0.1:<port>`, for FIREBASE_AUTH_EMULATOR_HOST. */
  host: string;
  close(): Promise<void>;
}

export const EMULATOR_PROJECT = 'demo-book-resale';

export const uidFor = (email: string) => `uid-${email}`;

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An ID token as the emulator issues it: unsigned (`alg: none`), which firebase-admin accepts only in emulator mode. */
export function emulatorIdToken(email: string): string {
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    iss: `https://securetoken.google.com/${EMULATOR_PROJECT}`,
    aud: EMULATOR_PROJECT,
    sub: uidFor(email),
    auth_time: now - 1,
    iat: now - 1,
    exp: now + 3600,
    email,
    email_verified: true,
  };
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`;
}

export async function startAuthEmulatorStandIn(): Promise<AuthEmulatorStandIn> {
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      response.setHeader('content-type', 'application/json');
      if (request.method !== 'POST' || !request.url?.endsWith('/accounts:lookup')) {
        response.statusCode = 404;
        response.end(JSON.stringify({ error: { code: 404, message: 'NOT_FOUND' } }));
        return;
      }
      const { localId = [] } = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { localId?: string[] };
      const users = localId
        .filter((uid) => uid.startsWith('uid-'))
        .map((uid) => ({ localId: uid, email: uid.slice(4), emailVerified: true, disabled: false }));
      response.end(JSON.stringify(users.length > 0 ? { users } : {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    host: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
