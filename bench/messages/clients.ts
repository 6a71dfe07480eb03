/**
 * The bench's users, in a process of their own so that neither API process shares an event loop
 * with them: each seller's event stream open on API B, each buyer's on API A, and the buyers
 * writing to their order's thread through A (`POST /threads/:bookingId/messages`). Run by
 * bench/messages/index.ts with the plan's file as its argument; writes a `ClientResults` there.
 *
 * Phases, each waited out (every event in, or `eventLimitMs`) before the next:
 * - warm-up: each buyer sends `warmUpPerPair` messages one after the other (opens the thread,
 *   fills each process's caches of the users and their account checks);
 * - steady: `perSecond` messages a second for `seconds`, the buyers in turn, sent on schedule
 *   whether or not earlier ones were answered;
 * - burst: every buyer sends `burstPerBuyer` messages at the same moment.
 */
import http from 'node:http';
import { readFile, writeFile } from 'node:fs/promises';
import { kindOf, textOf, wallNow, type ClientResults, type Pair, type Phase, type Plan, type Sample } from './plan';

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

interface Arrivals {
  /** Message id → when its event arrived. */
  at: Map<string, number>;
}

/** The caller's `GET /events`; each `event: message` is stamped with the arrival of its chunk. */
function openStream(apiUrl: string, token: string, arrivals: Arrivals, failures: string[], label: string): Promise<{ close(): void }> {
  return new Promise((resolve, reject) => {
    let closing = false;
    const request = http.get(`${apiUrl}/events`, { agent: false, headers: { authorization: `bearer ${token}` } }, (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`GET /events (${label}): ${response.statusCode}`));
        response.resume();
        return;
      }
      response.setEncoding('utf8');
      let buffer = '';
      response.on('data', (chunk: string) => {
        const at = wallNow();
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const lines = buffer.slice(0, end).split('\n');
          buffer = buffer.slice(end + 2);
          if (!lines.includes('event: message')) continue;
          const data = lines.find((line) => line.startsWith('data: '));
          if (!data) continue;
          const { _id: id } = JSON.parse(data.slice(6)) as { _id: string };
          if (!arrivals.at.has(id)) arrivals.at.set(id, at);
        }
      });
      response.on('end', () => {
        if (!closing) failures.push(`${label}: the stream ended at ${new Date().toISOString()}`);
      });
      resolve({
        close: () => {
          closing = true;
          request.destroy();
        },
      });
    });
    request.on('error', (error) => {
      if (!closing) failures.push(`${label}: ${error.message}`);
      reject(error);
    });
  });
}

/** One message from the pair's buyer through A, timed from the bench's side. */
function send(plan: Plan, pair: Pair, index: number, phase: Phase, n: number): Promise<Sample> {
  const kind = kindOf(n);
  const body = JSON.stringify({ text: textOf(kind, n) });
  return new Promise((resolve) => {
    const sentAt = wallNow();
    const done = (status: number, id: string | null) => resolve({ id, pair: index, phase, kind, status, sentAt, answeredAt: wallNow() });
    const request = http.request(
      `${plan.apiA}/threads/${pair.bookingId}/messages`,
      {
        method: 'POST', agent,
        headers: { authorization: `bearer ${pair.buyerToken}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          if (status !== 201) {
            console.log(`POST ${phase} #${n}: ${status} ${Buffer.concat(chunks).toString('utf8').slice(0, 200)}`);
            done(status, null);
            return;
          }
          done(status, (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { _id: string })._id);
        });
      },
    );
    request.on('error', (error) => {
      console.log(`POST ${phase} #${n}: ${error.message}`);
      done(0, null);
    });
    request.end(body);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Until every sent message was heard on both sides, or `limitMs` after the last answer. */
async function settle(samples: Sample[], onB: Arrivals, onA: Arrivals, limitMs: number): Promise<void> {
  const deadline = wallNow() + limitMs;
  const waiting = () => samples.some((sample) => sample.id !== null && !(onB.at.has(sample.id) && onA.at.has(sample.id)));
  while (waiting() && wallNow() < deadline) await sleep(20);
}

async function main(): Promise<void> {
  const plan = JSON.parse(await readFile(process.argv[2], 'utf8')) as Plan;
  const clockStart = Date.now() - wallNow();
  const onB: Arrivals = { at: new Map() };
  const onA: Arrivals = { at: new Map() };
  const failures: string[] = [];
  const streams = [
    ...(await Promise.all(plan.pairs.map((pair, i) => openStream(plan.apiB, pair.sellerToken, onB, failures, `seller ${i} on B`)))),
    ...(await Promise.all(plan.pairs.map((pair, i) => openStream(plan.apiA, pair.buyerToken, onA, failures, `buyer ${i} on A`)))),
  ];
  console.log(`${streams.length} streams open (${plan.pairs.length} sellers on B, ${plan.pairs.length} buyers on A)`);
  const samples: Sample[] = [];
  let n = 0;

  const warmUp = await Promise.all(
    plan.pairs.map(async (pair, i) => {
      const sent: Sample[] = [];
      for (let k = 0; k < plan.warmUpPerPair; k += 1) sent.push(await send(plan, pair, i, 'warm-up', i * plan.warmUpPerPair + k));
      return sent;
    }),
  );
  n = plan.pairs.length * plan.warmUpPerPair;
  samples.push(...warmUp.flat());
  await settle(samples, onB, onA, plan.eventLimitMs);
  console.log(`warm-up: ${samples.length} messages`);

  const steadyCount = Math.round(plan.steady.perSecond * plan.steady.seconds);
  const began = wallNow();
  const steady: Promise<Sample>[] = [];
  for (let k = 0; k < steadyCount; k += 1) {
    await sleep(began + (k * 1000) / plan.steady.perSecond - wallNow());
    const index = k % plan.pairs.length;
    steady.push(send(plan, plan.pairs[index], index, 'steady', n++));
  }
  samples.push(...(await Promise.all(steady)));
  await settle(samples, onB, onA, plan.eventLimitMs);
  console.log(`steady: ${steadyCount} messages in ${((wallNow() - began) / 1000).toFixed(1)} s`);

  await sleep(1_000);
  const burst: Promise<Sample>[] = [];
  for (let k = 0; k < plan.burstPerBuyer; k += 1) {
    plan.pairs.forEach((pair, index) => burst.push(send(plan, pair, index, 'burst', n++)));
  }
  samples.push(...(await Promise.all(burst)));
  await settle(samples, onB, onA, plan.eventLimitMs);
  console.log(`burst: ${burst.length} messages`);

  for (const stream of streams) stream.close();
  agent.destroy();
  for (const sample of samples) {
    if (sample.id === null) continue;
    sample.onB = onB.at.get(sample.id);
    sample.onA = onA.at.get(sample.id);
  }
  const results: ClientResults = { samples, clockOffsetMs: { start: clockStart, end: Date.now() - wallNow() }, streamFailures: failures };
  await writeFile(plan.out, JSON.stringify(results));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
});
