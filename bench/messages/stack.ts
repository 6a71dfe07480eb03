/**
 * What the messages bench runs against: the Auth emulator, a database of its own on the
 * PostgreSQL server of DATABASE_URL (bench/lib/postgres.ts), two API processes on it
 * (`server/src/main.ts`, bench/payouts/stack.ts), and pairs of a buyer and a seller with an order
 * between them. Accounts are made as the shop makes them: an emulator sign-up with its address
 * confirmed, `POST /users`, then an access token from `GET /jwt`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { accessToken, PROJECT, startAuthEmulator } from '../benchServices';
import { freshDatabase } from '../lib/postgres';
import { freePort, onStop } from '../lib/processes';
import { insertOrders } from '../orders/fixtures';
import { apiEnv, startApi, type Api } from '../payouts/stack';
import { createPostgresDb } from '../../server/src/db/postgres';
import type { Db } from '../../server/src/db/db';
import type { Pair } from './plan';

const PASSWORD = 'bench1234';
/** Far above what the bench sends a minute, so nothing is refused; the count in the database is still kept. */
const MESSAGES_PER_MINUTE = '10000';

export interface Stack {
  workDir: string;
  db: Db;
  a: Api;
  b: Api;
  pairs: Pair[];
}

async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Record<string, string>> {
  const response = await fetch(url, {
    method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body), signal: AbortSignal.timeout(30_000),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, string>;
}

/** A confirmed account at the emulator, its user record through `apiUrl`, and its access token. */
async function account(authUrl: string, apiUrl: string, email: string, role: 'Buyer' | 'seller'): Promise<{ id: string; token: string }> {
  const accounts = (call: string) => `${authUrl}/identitytoolkit.googleapis.com/v1/accounts:${call}?key=demo-api-key`;
  const { localId } = await post(accounts('signUp'), { email, password: PASSWORD, returnSecureToken: true });
  await post(`${authUrl}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:update`, { localId, emailVerified: true }, {
    authorization: 'Bearer owner',
  });
  const { idToken } = await post(accounts('signInWithPassword'), { email, password: PASSWORD, returnSecureToken: true });
  const { insertedId } = await post(`${apiUrl}/users`, { name: email.split('@')[0], email, role }, { authorization: `Bearer ${idToken}` });
  return { id: insertedId, token: await accessToken(authUrl, apiUrl, { email, password: PASSWORD }) };
}

/** Everything started, and `pairs` buyers and sellers with a paid order each (due in a week). */
export async function startStack(serverUrl: string, pairs: number): Promise<Stack> {
  const workDir = await mkdtemp(path.join(tmpdir(), 'book-resale-messages-bench-'));
  onStop(() => rm(workDir, { recursive: true, force: true }));
  const auth = await startAuthEmulator(path.join(workDir, 'auth'), await freePort());
  const databaseUrl = await freshDatabase(serverUrl);
  const extra = {
    FIREBASE_AUTH_EMULATOR_HOST: new URL(auth.url).host, PAYOUT_TICK_MS: '0', MESSAGES_PER_MINUTE,
    // Both processes keep an account's standing for 5 minutes: the emulator stays out of the measured requests.
    ACCOUNT_CHECK_TTL_MS: '300000',
  };
  // One after the other: the first migrates.
  const a = await startApi('API A', apiEnv({ dataDir: path.join(workDir, 'a'), databaseUrl }, extra));
  const b = await startApi('API B', apiEnv({ dataDir: path.join(workDir, 'b'), databaseUrl }, extra));

  const made: Pair[] = [];
  const ids: { buyer: string; seller: string }[] = [];
  for (let i = 0; i < pairs; i += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, pairs - i) }, async (_, j) => {
        const n = i + j;
        const [buyer, seller] = await Promise.all([
          account(auth.url, a.url, `buyer${n}@messages.bench`, 'Buyer'),
          account(auth.url, a.url, `seller${n}@messages.bench`, 'seller'),
        ]);
        return { buyer, seller };
      }),
    );
    for (const { buyer, seller } of batch) {
      ids.push({ buyer: buyer.id, seller: seller.id });
      made.push({ buyerToken: buyer.token, sellerToken: seller.token, bookingId: '' });
    }
  }
  const db = await createPostgresDb({ connectionString: databaseUrl, maxConnections: 2 });
  onStop(() => db.close());
  for (const [n, { buyer, seller }] of ids.entries()) {
    const order = await insertOrders(db, undefined, { booked: 0, paid: 1, shipped: 0, received: 0 }, {
      first: 0x200000 + n, due: false, buyerId: buyer, sellerId: seller,
    });
    made[n].bookingId = order.ids[0];
  }
  return { workDir, db, a, b, pairs: made };
}
