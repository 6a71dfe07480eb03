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
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { bookId } from '../../server/src/shopGenerator/generate';
import { seededRandom, zipf } from '../../server/src/shopGenerator/random';

const USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
/** How many beacons leave in one timer tick: a timer a beacon cannot keep 5,000 a second. */
const TICK_MS = 5;
/** At most this many connections at once, as many browsers' would be. */
const MAX_CONNECTIONS = 256;

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
  /** Beacons due so far, and written to a connection (a session id each). */
  let sent = 0;
  let written = 0;
  let answered = 0;
  let failures = 0;
  const statuses: Record<string, number> = {};
  const latencies: number[] = [];
  let inFlight = 0;
  let drained: (() => void) | undefined;

  const done = (status: number | 'error', due: number) => {
    statuses[status] = (statuses[status] ?? 0) + 1;
    if (status === 204) {
      answered += 1;
      latencies.push(Math.round((performance.now() - due) * 10) / 10);
    } else failures += 1;
    inFlight -= 1;
    if (inFlight === 0) drained?.();
  };

  // The requests' bytes are written by hand on kept-alive connections, one request at a time on
  // each (as a browser's connection carries them): Node's HTTP client spent more CPU a beacon than
  // the API answering it, on the same two cores, and the bench measured the generator as much.
  const head = (length: number) =>
    `POST ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: text/plain;charset=UTF-8\r\n` +
    `Content-Length: ${length}\r\nUser-Agent: ${USER_AGENT}\r\nOrigin: http://127.0.0.1:1\r\n\r\n`;
  const idle: Connection[] = [];
  const waiting: number[] = [];
  let open = 0;

  /** A kept-alive connection: one request in flight at most, its answer read as it comes. */
  class Connection {
    readonly socket: net.Socket;
    due: number | undefined;
    buffer: Buffer = Buffer.alloc(0);

    constructor() {
      open += 1;
      this.socket = net.connect(Number(url.port), url.hostname);
      this.socket.setNoDelay(true);
      this.socket.on('data', (chunk: Buffer) => this.read(chunk));
      this.socket.on('error', () => undefined);
      this.socket.on('close', () => {
        open -= 1;
        const index = idle.indexOf(this);
        if (index >= 0) idle.splice(index, 1);
        if (this.due !== undefined) done('error', this.due);
        this.due = undefined;
        next();
      });
      this.socket.setTimeout(30_000, () => this.socket.destroy());
    }

    send(due: number) {
      this.due = due;
      const body = JSON.stringify({ bookId: bookId(book()), session: `${prefix}${written.toString(36)}` });
      written += 1;
      this.socket.write(head(Buffer.byteLength(body)) + body);
    }

    /** An answer is its head and, when it says so, a body of Content-Length bytes (no chunked bodies here). */
    read(chunk: Buffer) {
      this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
      const end = this.buffer.indexOf('\r\n\r\n');
      if (end < 0 || this.due === undefined) return;
      const answerHead = this.buffer.toString('latin1', 0, end);
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(answerHead)?.[1] ?? 0);
      if (this.buffer.length < end + 4 + length) return;
      this.buffer = this.buffer.subarray(end + 4 + length);
      const status = Number(answerHead.slice(9, 12));
      const due = this.due;
      this.due = undefined;
      done(status, due);
      if (/\r\nconnection: *close/i.test(answerHead)) this.socket.destroy();
      else {
        idle.push(this);
        next();
      }
    }
  }

  /** Sends what waits on an idle connection, or a new one while under the cap. */
  const next = () => {
    while (waiting.length > 0) {
      const connection = idle.pop() ?? (open < MAX_CONNECTIONS ? new Connection() : undefined);
      if (!connection) return;
      connection.send(waiting.shift() as number);
    }
  };
  const send = (due: number) => {
    sent += 1;
    inFlight += 1;
    waiting.push(due);
    next();
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
  for (const connection of idle) connection.socket.destroy();
  // A pipe is written asynchronously: exit once the whole line is out.
  const { user, system } = process.cpuUsage();
  const cpuSeconds = (user + system) / 1e6;
  process.stdout.write(`${JSON.stringify({ sent, answered, failures, statuses, seconds, latencies, cpuSeconds })}\n`, () => process.exit(0));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
