/**
 * From a seller's listing to the wanting buyer's open tab, over HTTP against real API processes
 * (`server/src/main.ts`), with 10,000 saved wants of 2,500 buyers in the database. The buyer saves
 * an ISBN want (`POST /wants`); four other buyers want the same ISBN. The buyer's event stream
 * (`GET /events`) is open; the seller lists books of that ISBN (`POST /products`), one at a time,
 * titled after books of the world (bench/wants/world.ts) drawn by how wanted they are, so a listing
 * also tells the buyers who want its words. The figure is the time from sending the listing to its
 * `want_listed` notification arriving on the buyer's stream; the request's own handling is in it.
 *
 * - PGlite: one process, the listing and the stream on it.
 * - PostgreSQL: two processes on one database, the listing sent to A, the stream open on B.
 *
 * Access tokens come from the Auth emulator's sign-in and `GET /jwt`; the account check is cached
 * for the whole measurement, so the emulator stays out of it.
 */
import http from 'node:http';
import path from 'node:path';
import { accessToken, PROJECT } from '../benchServices';
import { envNumber } from '../lib/stats';
import { hexId } from '../orders/fixtures';
import { apiEnv, startApi, type Api } from '../payouts/stack';
import { seedWants, target, type Target } from './database';
import { buyerId, listingOf } from './fixtures';
import { BOOK_POPULARITY, isbn13, seeded, zipf } from './world';

const WANTS = 10_000;
const BUYERS = 2_500;
const SAMPLES = envNumber('BENCH_WANTS_LISTINGS', 150);
const WARM_UP = 10;
const EVENT_LIMIT_MS = 5_000;
const PASSWORD = 'bench1234';
const SELLER_ID = hexId(2);
const BUYER_ID = hexId(3);
/** Nobody else in the world has this ISBN. */
const WANTED_ISBN = isbn13(500_000_000);

export interface ListingFigures {
  database: Target['label'];
  processes: string;
  wants: number;
  warmUp: number;
  /** Sent → heard on the stream, of each measured listing (ms). */
  latencies: number[];
  /** Sent → answered. */
  answered: number[];
  missed: number;
  /** Buyers told of each measured listing. */
  toldPerListing: number[];
  buyerTold: number;
  warnings: string[];
}

async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Record<string, string>> {
  const response = await fetch(url, {
    method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body), signal: AbortSignal.timeout(30_000),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, string>;
}

/** An account at the emulator, its address confirmed; its user record is in the database already. */
async function signUp(authUrl: string, email: string): Promise<void> {
  const { localId } = await post(`${authUrl}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    email, password: PASSWORD, returnSecureToken: true,
  });
  await post(`${authUrl}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:update`, { localId, emailVerified: true }, {
    authorization: 'Bearer owner',
  });
}

/** The caller's `GET /events`; `onEvent` gets each event's name and data. */
function openStream(apiUrl: string, token: string, onEvent: (event: string, data: string) => void): Promise<{ close(): void }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${apiUrl}/events`, { agent: false, headers: { authorization: `bearer ${token}` } }, (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`GET /events: ${response.statusCode}`));
        response.resume();
        return;
      }
      response.setEncoding('utf8');
      let buffer = '';
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const lines = buffer.slice(0, end).split('\n');
          buffer = buffer.slice(end + 2);
          const field = (name: string) => lines.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2);
          const data = field('data');
          if (data !== undefined) onEvent(field('event') ?? 'message', data);
        }
      });
      resolve({ close: () => request.destroy() });
    });
    request.on('error', reject);
  });
}

/** Arrival times of the buyer's `want_listed` events, by book, and a wait for one of them. */
function arrivals() {
  const at = new Map<string, number>();
  const waiting = new Map<string, () => void>();
  return {
    heard(event: string, data: string) {
      if (event !== 'notification') return;
      const notification = JSON.parse(data) as { kind?: string; bookId?: string };
      if (notification.kind !== 'want_listed' || !notification.bookId) return;
      at.set(notification.bookId, performance.now());
      waiting.get(notification.bookId)?.();
    },
    async of(bookId: string): Promise<number | undefined> {
      if (!at.has(bookId)) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, EVENT_LIMIT_MS);
          waiting.set(bookId, () => {
            clearTimeout(timer);
            resolve();
          });
        });
        waiting.delete(bookId);
      }
      return at.get(bookId);
    },
  };
}

export async function measureListing(authUrl: string, serverUrl?: string): Promise<ListingFigures> {
  const where = await target(serverUrl, 'listing');
  // One emulator serves both databases: addresses of each's own.
  const email = (who: string) => `${who}.${where.label.toLowerCase()}@wants.bench`;
  let db = await where.open();
  let seededWants;
  try {
    seededWants = await seedWants(db, where.label, { wants: WANTS, buyers: BUYERS, seed: 2 });
    await db.query(`insert into users (id, name, email, role) values ($1, 'Bench Seller', $2, 'seller'), ($3, 'Bench Buyer', $4, 'Buyer')`, [
      SELLER_ID, email('seller'), BUYER_ID, email('buyer'),
    ]);
    await db.query(
      `insert into wants (id, user_id, isbn, created_at) select 'x' || u, u, $2, now() from unnest($1::text[]) as u`,
      [[0, 1, 2, 3].map(buyerId), WANTED_ISBN],
    );
    if (where.label === 'PostgreSQL') await db.exec('analyze');
  } finally {
    await db.close();
  }

  const names = where.label === 'PGlite' ? ['API (PGlite)'] : ['API A (PostgreSQL)', 'API B (PostgreSQL)'];
  const apis: Api[] = [];
  // One after the other, each answering before the next starts.
  for (const [n, name] of names.entries()) {
    apis.push(await startApi(name, apiEnv({ dataDir: n === 0 ? where.dataDir : path.join(where.dataDir, `api-${n}`), databaseUrl: where.databaseUrl }, {
      FIREBASE_AUTH_EMULATOR_HOST: new URL(authUrl).host, PAYOUT_TICK_MS: '0', ACCOUNT_CHECK_TTL_MS: '300000',
    })));
  }
  const lister = apis[0];
  const listener = apis[apis.length - 1];
  await signUp(authUrl, email('seller'));
  await signUp(authUrl, email('buyer'));
  const sellerToken = await accessToken(authUrl, lister.url, { email: email('seller'), password: PASSWORD });
  const buyerToken = await accessToken(authUrl, listener.url, { email: email('buyer'), password: PASSWORD });
  await post(`${lister.url}/wants`, { isbn: WANTED_ISBN }, { authorization: `bearer ${buyerToken}` });

  const heard = arrivals();
  const stream = await openStream(listener.url, buyerToken, heard.heard);
  const random = seeded(31);
  const wanted = zipf(seededWants.world.length, BOOK_POPULARITY, random);
  const latencies: number[] = [];
  const answered: number[] = [];
  const measuredIds: string[] = [];
  let missed = 0;
  for (let n = 0; n < WARM_UP + SAMPLES; n += 1) {
    const listing = listingOf('', seededWants.world[wanted()], seededWants.categories, random);
    const body = {
      name: listing.book.title, author: listing.book.author, isbn: WANTED_ISBN, price: (listing.priceCents / 100).toFixed(2), phone: '+1 555 0100',
      location: listing.location, condition: listing.condition, category: listing.category, image: 'https://img.example/w.png', description: 'A used copy.',
    };
    const sent = performance.now();
    const response = await fetch(`${lister.url}/products`, {
      method: 'POST', headers: { authorization: `bearer ${sellerToken}`, 'content-type': 'application/json' }, body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const answer = (await response.json()) as { insertedId?: string; message?: string };
    const answeredAt = performance.now();
    if (!response.ok || !answer.insertedId) throw new Error(`POST /products: ${response.status} ${JSON.stringify(answer)}`);
    const arrived = await heard.of(answer.insertedId);
    if (n >= WARM_UP) {
      measuredIds.push(answer.insertedId);
      answered.push(answeredAt - sent);
      if (arrived === undefined) missed += 1;
      else latencies.push(arrived - sent);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  stream.close();
  for (const api of apis) await api.started.stop();

  db = await where.open();
  try {
    const told = await db.query<{ told: number }>(
      `select count(n.id)::int as told from unnest($1::text[]) as b(id) left join notifications n on n.book_id = b.id and n.kind = 'want_listed'
       group by b.id`,
      [measuredIds],
    );
    const [{ buyer }] = await db.query<{ buyer: number }>(
      `select count(*)::int as buyer from notifications where user_id = $1 and kind = 'want_listed'`,
      [BUYER_ID],
    );
    return {
      database: where.label,
      processes: apis.length === 1 ? 'one API process' : 'listed on API A, heard on API B',
      wants: seededWants.made.wants + 5,
      warmUp: WARM_UP,
      latencies,
      answered,
      missed,
      toldPerListing: told.map((row) => row.told),
      buyerTold: buyer,
      warnings: apis.flatMap((api) => api.warnings),
    };
  } finally {
    await db.close();
  }
}
