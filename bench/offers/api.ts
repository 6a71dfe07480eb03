/**
 * Through a real API process on PostgreSQL (`server/src/main.ts`), signed in with the Auth
 * emulator: checking out 10-book bundles, and 50 buyers offering on the same book while its
 * seller accepts one.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate } from '../../server/src/db/migrate';
import { createPostgresDb } from '../../server/src/db/postgres';
import { seedCatalogue } from '../../server/src/seed';
import { accessToken, PROJECT } from '../benchServices';
import { freshDatabase } from '../lib/postgres';
import { onStop } from '../lib/processes';
import { apiEnv, startApi } from '../payouts/stack';
import { insertBooks, insertUsers } from './fixtures';

const PASSWORD = 'bench1234';
const BUNDLE_BOOKS = 10;

export interface ApiFigures {
  /** Each timed checkout, ms. */
  checkouts: number[];
  warmUp: number;
  race: { buyers: number; accepted: number; declined: number; refused: number; pendingLeft: number; serverErrors: number; declinedTold: number; statuses: Record<string, number> };
}

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body), signal: AbortSignal.timeout(30_000) });
}

async function emulatorAccount(authUrl: string, email: string): Promise<void> {
  const signUp = await post(`${authUrl}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, { email, password: PASSWORD, returnSecureToken: true });
  const { localId } = (await signUp.json()) as { localId: string };
  await post(`${authUrl}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:update`, { localId, emailVerified: true }, { authorization: 'Bearer owner' });
}

export async function measureApi(authUrl: string, serverUrl: string, { rounds, warmUp, raceBuyers }: { rounds: number; warmUp: number; raceBuyers: number }): Promise<ApiFigures> {
  const databaseUrl = await freshDatabase(serverUrl);
  const db = await createPostgresDb({ connectionString: databaseUrl, maxConnections: 2 });
  onStop(() => db.close());
  await migrate(db);
  await seedCatalogue(db);
  // A seller for each checkout, ten books each; one more seller and book for the race.
  const sellers = await insertUsers(db, 0x20, warmUp + rounds + 1, 'seller', 'seller');
  const books = await insertBooks(db, sellers, BUNDLE_BOOKS, 1000, 0x200000);
  await insertUsers(db, 0x3000, raceBuyers, 'Buyer', 'buyer');
  await db.exec('analyze');

  const dataDir = await mkdtemp(path.join(tmpdir(), 'book-resale-offers-api-'));
  onStop(() => rm(dataDir, { recursive: true, force: true }));
  const api = await startApi('API (PostgreSQL)', apiEnv({ dataDir, databaseUrl }, {
    FIREBASE_AUTH_EMULATOR_HOST: new URL(authUrl).host, PAYOUT_TICK_MS: '0', ACCOUNT_CHECK_TTL_MS: '300000',
  }));
  const email = (who: string, n: number) => `${who}-${n}@offers.bench`;
  const tokenOf = async (who: string, n: number) => {
    await emulatorAccount(authUrl, email(who, n));
    return { authorization: `bearer ${await accessToken(authUrl, api.url, { email: email(who, n), password: PASSWORD })}` };
  };
  const buyerTokens = [];
  for (let n = 1; n <= raceBuyers; n += 1) buyerTokens.push(await tokenOf('buyer', n));
  const raceSeller = await tokenOf('seller', sellers.length);

  // Checkouts: one buyer, a fresh seller's ten books each round.
  const checkouts: number[] = [];
  for (let round = 0; round < warmUp + rounds; round += 1) {
    const sellerId = sellers[round];
    for (const bookId of books[round]) {
      const added = await fetch(`${api.url}/bundles/${sellerId}/books/${bookId}`, { method: 'PUT', headers: buyerTokens[0] });
      if (!added.ok) throw new Error(`adding a book: ${added.status} ${await added.text()}`);
    }
    const started = performance.now();
    const response = await post(`${api.url}/bundles/${sellerId}/checkout`, {
      email: email('buyer', 1), location: 'Here', phone: '555 0100', delivery: { method: 'shipping', address: '1 Main St' },
    }, buyerTokens[0]);
    const body = (await response.json()) as { lines?: unknown[] };
    const ms = performance.now() - started;
    if (!response.ok || body.lines?.length !== BUNDLE_BOOKS) throw new Error(`checkout: ${response.status} ${JSON.stringify(body)}`);
    if (round >= warmUp) checkouts.push(ms);
  }

  // The race: the first buyer's offer is pending; the seller accepts it while the others offer.
  const raceBook = books[sellers.length - 1][0];
  const first = await post(`${api.url}/offers`, { bookIds: [raceBook], amount: 8 }, buyerTokens[0]);
  const firstOffer = (await first.json()) as { id: string };
  const statuses: Record<string, number> = {};
  const count = (status: number) => {
    statuses[status] = (statuses[status] ?? 0) + 1;
  };
  // The others all send theirs at once; the seller accepts once half of them were answered, so
  // some offers are recorded before the acceptance and some arrive after it.
  let answered = 0;
  let accepting: Promise<void> | undefined;
  const accept = () => post(`${api.url}/offers/${firstOffer.id}/accept`, {}, raceSeller).then((response) => count(response.status));
  const others = buyerTokens.slice(1);
  await Promise.all(others.map((headers, n) =>
    post(`${api.url}/offers`, { bookIds: [raceBook], amount: 6 + n / 100 }, headers).then((response) => {
      count(response.status);
      answered += 1;
      if (answered === Math.ceil(others.length / 2)) accepting = accept();
    })));
  await (accepting ?? accept());
  await api.started.stop();
  const states = await db.query<{ state: string; count: number }>(
    `select o.state, count(*)::int as count from offers o join offer_books b on b.offer_id = o.id where b.book_id = $1 group by o.state`,
    [raceBook],
  );
  const of = (state: string) => states.find((row) => row.state === state)?.count ?? 0;
  const [{ told }] = await db.query<{ told: number }>(
    `select count(distinct n.offer_id)::int as told from notifications n join offer_books b on b.offer_id = n.offer_id
     where b.book_id = $1 and n.kind = 'offer_declined'`,
    [raceBook],
  );
  return {
    checkouts,
    warmUp,
    race: {
      buyers: raceBuyers,
      accepted: of('accepted'),
      declined: of('declined'),
      refused: statuses['409'] ?? 0,
      pendingLeft: of('pending'),
      serverErrors: Object.entries(statuses).filter(([status]) => Number(status) >= 500).reduce((sum, [, n]) => sum + n, 0),
      declinedTold: told,
      statuses,
    },
  };
}
