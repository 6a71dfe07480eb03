import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The little of the Firebase Auth emulator an API process in its own process needs: unsigned ID
 * tokens (what the emulator issues, and what firebase-admin accepts from it) and the account
 * look-up (`accounts:lookup`) firebase-admin makes to check an account. Every account is active
 * and its address confirmed. `hold()` makes look-ups wait until released, as a slow identity
 * provider would: a request waiting on it is a request in flight. Listens on 127.0.0.1 only.
 */
export interface FakeAuthEmulator {
  /** `127.0.0.1:<port>`, for FIREBASE_AUTH_EMULATOR_HOST. */
  host: string;
  /** An ID token for `email` (uid derived from it), registering the account. */
  idTokenFor(email: string): string;
  /** Look-ups from now on wait; answers a function that lets them (and later ones) through. */
  hold(): () => void;
  /** Look-ups answered so far, and those waiting now. */
  lookups: number;
  waiting(): number;
  close(): Promise<void>;
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

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

export async function startFakeAuthEmulator(projectId: string): Promise<FakeAuthEmulator> {
  const emails = new Map<string, string>();
  let held: Promise<void> | undefined;
  let waitingNow = 0;
  const state = { lookups: 0 };

  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    const body = await bodyOf(request);
    if (!request.url?.endsWith('/accounts:lookup')) {
      response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'NOT_FOUND' } }));
      return;
    }
    if (held) {
      waitingNow += 1;
      await held;
      waitingNow -= 1;
    }
    state.lookups += 1;
    const users = localIdsOf(body)
      .filter((uid) => emails.has(uid))
      .map((uid) => ({ localId: uid, email: emails.get(uid), emailVerified: true, disabled: false, providerUserInfo: [] }));
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(users.length > 0 ? { kind: 'identitytoolkit#GetAccountInfoResponse', users } : { kind: 'identitytoolkit#GetAccountInfoResponse' }));
  };

  const server = createServer((request, response) => {
    answer(request, response).catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    host: `127.0.0.1:${port}`,
    idTokenFor(email) {
      const uid = `uid-${email.replace(/[^a-z0-9]/gi, '-')}`;
      emails.set(uid, email);
      const now = Math.floor(Date.now() / 1000);
      const claims = {
        iss: `https://securetoken.google.com/${projectId}`, aud: projectId, sub: uid, user_id: uid,
        auth_time: now, iat: now, exp: now + 3600, email, email_verified: true,
        firebase: { identities: { email: [email] }, sign_in_provider: 'password' },
      };
      return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`;
    },
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
    get lookups() {
      return state.lookups;
    },
    waiting: () => waitingNow,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
