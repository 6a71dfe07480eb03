import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The part of the Firebase Auth emulator an API process in its own process asks while it runs:
 * `accounts:lookup` (firebase-admin's `getUser`, behind the revocation check and the account
 * standing), on 127.0.0.1 only. It starts in milliseconds where the real emulator takes about
 * 20 s, which is what lets a test start the API again and again. Every uid `emulatorIdToken`
 * makes is an active account with its verified address. `hold()` makes look-ups wait until
 * released, as a slow identity provider would: a request waiting on it is a request in flight.
 */
export interface AuthEmulatorStandIn {
  /** `127.0.0.1:<port>`, for FIREBASE_AUTH_EMULATOR_HOST. */
  host: string;
  /** An ID token for `email` in this stand-in's project. */
  idTokenFor(email: string): string;
  /** Look-ups from now on wait; answers a function that lets them (and later ones) through. */
  hold(): () => void;
  /** Look-ups waiting now. */
  waiting(): number;
  close(): Promise<void>;
}

export const EMULATOR_PROJECT = 'demo-book-resale';

const UID_PREFIX = 'uid-';
/** The account's uid: its address, hex-encoded, so the look-up can answer it and no log that names the uid names the address. */
const uidFor = (email: string) => `${UID_PREFIX}${Buffer.from(email, 'utf8').toString('hex')}`;
const emailOf = (uid: string) =>
  uid.startsWith(UID_PREFIX) && /^[0-9a-f]+$/.test(uid.slice(UID_PREFIX.length))
    ? Buffer.from(uid.slice(UID_PREFIX.length), 'hex').toString('utf8')
    : undefined;

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An ID token as the emulator issues it: unsigned (`alg: none`), which firebase-admin accepts only in emulator mode. */
export function emulatorIdToken(email: string, projectId = EMULATOR_PROJECT): string {
  const uid = uidFor(email);
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    iss: `https://securetoken.google.com/${projectId}`, aud: projectId, sub: uid, user_id: uid,
    auth_time: now - 1, iat: now - 1, exp: now + 3600, email, email_verified: true,
    firebase: { identities: { email: [email] }, sign_in_provider: 'password' },
  };
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`;
}

async function bodyOf(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    return {};
  }
}

const localIdsOf = (body: unknown): string[] =>
  typeof body === 'object' && body !== null && 'localId' in body && Array.isArray(body.localId)
    ? body.localId.filter((id): id is string => typeof id === 'string')
    : [];

export async function startAuthEmulatorStandIn(projectId = EMULATOR_PROJECT): Promise<AuthEmulatorStandIn> {
  let held: Promise<void> | undefined;
  let waitingNow = 0;

  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    const body = await bodyOf(request);
    if (request.method !== 'POST' || !request.url?.endsWith('/accounts:lookup')) {
      response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 404, message: 'NOT_FOUND' } }));
      return;
    }
    if (held) {
      waitingNow += 1;
      await held;
      waitingNow -= 1;
    }
    const users = localIdsOf(body).flatMap((uid) => {
      const email = emailOf(uid);
      return email === undefined ? [] : [{ localId: uid, email, emailVerified: true, disabled: false, providerUserInfo: [] }];
    });
    const kind = 'identitytoolkit#GetAccountInfoResponse';
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(users.length > 0 ? { kind, users } : { kind }));
  };

  const server = createServer((request, response) => {
    answer(request, response).catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    host: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    idTokenFor: (email) => emulatorIdToken(email, projectId),
    hold() {
      let release = () => undefined as void;
      held = new Promise<void>((resolve) => {
        release = resolve;
      });
      return () => {
        held = undefined;
        release();
      };
    },
    waiting: () => waitingNow,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
