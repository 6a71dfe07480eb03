/**
 * Live notifications at scale, on PostgreSQL: two API processes on one database, 2,000 event
 * streams open on each (`GET /events`, 20 streams each of 100 users), a seller moving orders
 * through process A and their buyer's stream on process B. Measured:
 * - the time from sending a transition to its event arriving in the buyer's stream on B (an upper
 *   bound of "from the commit": the request's own handling is included);
 * - what 2,000 open streams add to process A's resident memory;
 * - the catalogue's throughput on A with and without the 2,000 streams, rounds alternating.
 */
import http from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROJECT, startAuthEmulator } from '../benchServices';
import { runLoad } from '../api/loadGenerator';
import { freshDatabase } from '../lib/postgres';
import { freePort, onStop, ROOT, start, waitForUrl } from '../lib/processes';
import { median, percentile } from '../lib/stats';
import { createPostgresDb } from '../../server/src/db/postgres';
import { insertOrders } from './fixtures';

const STREAMS_PER_PROCESS = 2_000;
const USERS = 100;
const MOVES = 300;
/** Pairs of load runs, with and without the streams, half of them with the streams first. */
const LOAD_ROUNDS = 3;
const LOAD_SECONDS = 5;

export interface StreamFigures {
  samples: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  rssBeforeMb: number;
  rssAfterMb: number;
  withoutStreams: number[];
  withStreams: number[];
}

async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Record<string, string>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, string>;
}

/** An emulator account, its user record, and its API access token. */
async function account(authUrl: string, apiUrl: string, email: string, role: 'Buyer' | 'seller'): Promise<{ id: string; token: string }> {
  const accounts = (call: string) => `${authUrl}/identitytoolkit.googleapis.com/v1/accounts:${call}?key=demo-api-key`;
  const { idToken, localId } = await post(accounts('signUp'), { email, password: 'bench1234', returnSecureToken: true });
  await post(`${authUrl}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:update`, { localId, emailVerified: true }, { authorization: 'Bearer owner' });
  const { idToken: verified } = await post(accounts('signInWithPassword'), { email, password: 'bench1234', returnSecureToken: true });
  void idToken;
  const { insertedId } = await post(`${apiUrl}/users`, { name: email.split('@')[0], email, role }, { authorization: `Bearer ${verified}` });
  const response = await fetch(`${apiUrl}/jwt?email=${encodeURIComponent(email)}`, { headers: { authorization: `Bearer ${verified}` } });
  if (!response.ok) throw new Error(`GET /jwt: ${response.status} ${await response.text()}`);
  return { id: insertedId, token: ((await response.json()) as { accessToken: string }).accessToken };
}

interface Stream {
  close(): void;
}

/** A stream of `GET /events`; `onEvent` gets each event's data. */
function openStream(apiUrl: string, token: string, agent: http.Agent, onEvent?: (data: string) => void): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${apiUrl}/events`, { agent, headers: { authorization: `bearer ${token}` } }, (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`GET /events: ${response.statusCode}`));
        response.resume();
        return;
      }
      response.setEncoding('utf8');
      let buffer = '';
      response.on('data', (chunk: string) => {
        if (!onEvent) return;
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (data) onEvent(data.slice(6));
        }
      });
      resolve({ close: () => request.destroy() });
    });
    request.on('error', reject);
  });
}

async function openMany(apiUrl: string, tokens: string[], count: number, agent: http.Agent): Promise<Stream[]> {
  const streams: Stream[] = [];
  for (let i = 0; i < count; i += 50) {
    streams.push(...(await Promise.all(Array.from({ length: Math.min(50, count - i) }, (_, j) => openStream(apiUrl, tokens[(i + j) % tokens.length], agent)))));
  }
  return streams;
}

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

export async function measureStreams(serverUrl: string): Promise<StreamFigures> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'book-resale-streams-bench-'));
  onStop(() => rm(dataDir, { recursive: true, force: true }));
  const authPort = await freePort();
  const auth = await startAuthEmulator(path.join(dataDir, 'firebase-run'), authPort);
  const databaseUrl = await freshDatabase(serverUrl);
  const apis = await Promise.all(
    ['A', 'B'].map(async (name) => {
      const port = await freePort();
      const started = start(`API ${name}`, process.execPath, ['--import', 'tsx', path.join(ROOT, 'server', 'src', 'main.ts')], {
        env: {
          PATH: process.env.PATH, HOME: process.env.HOME, API_HOST: '127.0.0.1', API_PORT: String(port),
          DATA_DIR: path.join(dataDir, name), DATABASE_URL: databaseUrl, JWT_SECRET: 'streams-bench-secret-that-is-long-enough-for-hs256',
          CLIENT_ORIGIN: 'http://127.0.0.1:1', FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${authPort}`, FIREBASE_PROJECT_ID: PROJECT,
          RATE_LIMIT_PER_MINUTE: '0', IMAGE_SWEEP_INTERVAL_MINUTES: '0', ORDER_SWEEP_INTERVAL_MS: '0', LOG_LEVEL: 'warn',
          // Both processes read account standing the same way; a minute keeps the emulator out of the measured path.
          ACCOUNT_CHECK_TTL_MS: '60000',
        },
      });
      const url = `http://127.0.0.1:${port}`;
      // One after the other: the first migrates.
      return { name, url, started };
    }),
  );
  await waitForUrl(`${apis[0].url}/ready`, apis[0].started, 'API A');
  await waitForUrl(`${apis[1].url}/ready`, apis[1].started, 'API B');
  const [a, b] = apis;

  const seller = await account(auth.url, a.url, 'seller@streams.bench', 'seller');
  const buyer = await account(auth.url, a.url, 'buyer@streams.bench', 'Buyer');
  const background: string[] = [];
  for (let i = 0; i < USERS; i += 10) {
    background.push(...(await Promise.all(Array.from({ length: 10 }, async (_, j) => (await account(auth.url, a.url, `reader${i + j}@streams.bench`, 'Buyer')).token))));
  }
  const db = await createPostgresDb({ connectionString: databaseUrl, maxConnections: 2 });
  onStop(() => db.close());
  const { ids } = await insertOrders(db, undefined, { booked: 0, paid: MOVES, shipped: 0, received: 0 }, { due: false, buyerId: buyer.id, sellerId: seller.id });

  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const pidA = a.started.child.pid ?? 0;
  // Warm both processes (JIT, pools) before measuring memory.
  for (const api of [a, b]) for (let i = 0; i < 200; i += 1) await fetch(`${api.url}/bookCatagories`).then((r) => r.arrayBuffer());
  const rssBeforeMb = await rssMb(pidA);
  const onA = await openMany(a.url, background, STREAMS_PER_PROCESS, agent);
  const onB = await openMany(b.url, background, STREAMS_PER_PROCESS - 1, agent);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const rssAfterMb = await rssMb(pidA);

  // The buyer's stream on B; the seller's moves through A.
  const arrived = new Map<string, number>();
  const buyerStream = await openStream(b.url, buyer.token, agent, (data) => {
    const event = JSON.parse(data) as { kind: string; bookingId: string };
    if (event.kind === 'ready') arrived.set(event.bookingId, performance.now());
  });
  const latencies: number[] = [];
  for (const id of ids) {
    const sent = performance.now();
    const answer = await fetch(`${a.url}/bookings/${id}/transitions`, {
      method: 'POST', headers: { authorization: `bearer ${seller.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ to: 'ready' }),
    });
    if (!answer.ok) throw new Error(`transition: ${answer.status} ${await answer.text()}`);
    await answer.arrayBuffer();
    const deadline = performance.now() + 5_000;
    while (!arrived.has(id) && performance.now() < deadline) await new Promise((resolve) => setImmediate(resolve));
    const at = arrived.get(id);
    if (at === undefined) throw new Error(`the event of ${id} never arrived on B`);
    latencies.push(at - sent);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  buyerStream.close();
  latencies.sort((x, y) => x - y);

  // The catalogue on A, with the 2,000 streams (open now) and without them, alternating.
  const route = `${a.url}/bookCatagoriesId/fiction`;
  const load = async () =>
    (await runLoad(route, { connections: 50, seconds: LOAD_SECONDS, headers: { authorization: `bearer ${buyer.token}` }, pinning: { description: 'not pinned', pinServer: () => {}, loadCommand: (command, args) => ({ command, args }) } })).requestsPerSecond;
  await load(); // warm-up
  const withStreams: number[] = [];
  const withoutStreams: number[] = [];
  // Rounds alternate which goes first; the streams on A are closed and opened again between.
  let openOnA: Stream[] = onA;
  const closeA = async () => {
    for (const stream of openOnA) stream.close();
    openOnA = [];
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  };
  const openA = async () => {
    openOnA = await openMany(a.url, background, STREAMS_PER_PROCESS, agent);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  };
  for (let round = 0; round < LOAD_ROUNDS * 2; round += 1) {
    if (round % 2 === 0) {
      if (openOnA.length === 0) await openA();
      withStreams.push(await load());
      await closeA();
      withoutStreams.push(await load());
    } else {
      withoutStreams.push(await load());
      await openA();
      withStreams.push(await load());
    }
  }
  await closeA();
  for (const stream of onB) stream.close();
  return {
    samples: latencies.length,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies[latencies.length - 1],
    rssBeforeMb,
    rssAfterMb,
    withoutStreams,
    withStreams,
  };
}

export { median };
