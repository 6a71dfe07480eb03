/**
 * The insight bench's beacons, in their own process: `POST /views` as a book page's
 * `navigator.sendBeacon` sends it (JSON as text/plain, a browser's user agent), at a steady rate,
 * open loop, until its parent closes stdin (or `maxSeconds` pass). Every beacon is a new session
 * on a book drawn with Zipf's law over the shop's books, so every one answered 204 should be
 * written once. Prints `SENDING` when the first leaves, then, at the end, one JSON line: beacons
 * sent, answered 204, failures, each answer's latency in ms (from when it was due), the seconds and
 * its own CPU seconds.
 *
 *   tsx bench/insight/beaconLoad.ts <api url> <beacons per second> <max seconds> <books> <seed>
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { bookId } from '../../server/src/shopGenerator/generate';
import { seededRandom, zipf } from '../../server/src/shopGenerator/random';

const USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
/** How many beacons leave in one timer tick: a timer a beacon cannot keep 5,000 a second. */
const TICK_MS = 5;

async function main() {
  const [base, rateText, maxSecondsText, booksText, seedText] = process.argv.slice(2);
  const rate = Number(rateText);
  const maxSeconds = Number(maxSecondsText);
  const books = Number(booksText);
  const seed = Number(seedText);
  const random = seededRandom(seed);
  // Which books are popular is random; how popular follows Zipf: a few are viewed a lot, most rarely.
  const order = Array.from({ length: books }, (_, index) => index);
  for (let i = order.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  const book = zipf(order, random);
  // A session per beacon, none seen before (the seed and the process tell runs apart).
  const prefix = `bench${seed.toString(36)}${process.pid.toString(36)}x`;

  const url = new URL('/views', base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  let sent = 0;
  let answered = 0;
  let failures = 0;
  const statuses: Record<string, number> = {};
  const latencies: number[] = [];
  let inFlight = 0;
  let drained: (() => void) | undefined;

  const send = (due: number) => {
    const body = JSON.stringify({ bookId: bookId(book()), session: `${prefix}${sent.toString(36)}` });
    sent += 1;
    inFlight += 1;
    const done = (status: number | 'error') => {
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (status === 204) {
        answered += 1;
        latencies.push(Math.round((performance.now() - due) * 10) / 10);
      } else failures += 1;
      inFlight -= 1;
      if (inFlight === 0) drained?.();
    };
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'text/plain;charset=UTF-8', 'content-length': Buffer.byteLength(body), 'user-agent': USER_AGENT, origin: 'http://127.0.0.1:1' },
        timeout: 30_000,
      },
      (response) => {
        response.resume();
        response.once('end', () => done(response.statusCode ?? 0));
        response.once('error', () => done('error'));
      },
    );
    request.once('timeout', () => request.destroy(new Error('timed out')));
    request.once('error', () => done('error'));
    request.end(body);
  };

  let stopping = false;
  process.stdin.on('end', () => {
    stopping = true;
  });
  process.stdin.resume();

  const started = performance.now();
  const until = started + maxSeconds * 1000;
  process.stdout.write('SENDING\n');
  // Each tick sends every beacon due by now, each timed from when it was due.
  while (!stopping && performance.now() < until) {
    const now = performance.now();
    const due = Math.floor(((now - started) * rate) / 1000);
    while (sent < due) send(started + (sent * 1000) / rate);
    await new Promise((resolve) => setTimeout(resolve, TICK_MS));
  }
  const seconds = (performance.now() - started) / 1000;
  if (inFlight > 0) await new Promise<void>((resolve) => (drained = resolve));
  agent.destroy();
  // A pipe is written asynchronously: exit once the whole line is out.
  const { user, system } = process.cpuUsage();
  const cpuSeconds = (user + system) / 1e6;
  process.stdout.write(`${JSON.stringify({ sent, answered, failures, statuses, seconds, latencies, cpuSeconds })}\n`, () => process.exit(0));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
