/**
 * The catalogue API against the floor, side by side in one run: the real API (its own process,
 * as `npm start` runs it: bench/lib/shopStack.ts) and a bare `node:http` server answering the
 * same bytes, body and headers (bench/api/bareServer.ts), driven in turn by autocannon in a
 * third process at 50 connections. Rounds alternate which side goes first. The server measured
 * and autocannon run on cores of their own where the machine has two (bench/api/pinning.ts).
 * Prints requests per second and p99 for each, and the ratio API / bare.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onStop, runPart, startAndReadLine } from '../lib/processes';
import { startShopStack } from '../lib/shopStack';
import { envNumber, median, range } from '../lib/stats';
import type { Answers } from './bareServer';
import { runLoad, type LoadResult } from './loadGenerator';
import { apiPinning, type Pinning } from './pinning';

const CONNECTIONS = envNumber('BENCH_API_CONNECTIONS', 50);
const ROUNDS = envNumber('BENCH_API_ROUNDS', 5);
const SECONDS = envNumber('BENCH_API_SECONDS', 5);
const WARM_UP_SECONDS = 2;
const CATEGORY = process.env.BENCH_API_CATEGORY ?? 'fiction';
const P99_TARGET_MS = 20;

interface Route {
  name: string;
  path: string;
  headers: Record<string, string>;
  /** The share of the bare server's requests per second that issue 15 asks for. */
  target: number;
}

interface Side {
  name: 'API' | 'bare';
  url: string;
}

/** Headers that belong to the connection or the moment, which Node writes for either side. */
const PER_CONNECTION_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

async function fetchAnswer(url: string, headers: Record<string, string>): Promise<Answers[string] & { bytes: number }> {
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(15_000) });
  const body = Buffer.from(await response.arrayBuffer());
  if (!response.ok) throw new Error(`${url}: ${response.status} ${body.toString('utf8').slice(0, 300)}`);
  const answerHeaders = Object.fromEntries([...response.headers].filter(([name]) => !PER_CONNECTION_HEADERS.has(name)));
  return { headers: answerHeaders, base64: body.toString('base64'), bytes: body.length };
}

async function measureRoute(route: Route, sides: Side[], pinning: Pinning): Promise<Record<string, string | number>> {
  const load = (side: Side, seconds: number) => runLoad(`${side.url}${route.path}`, { connections: CONNECTIONS, seconds, headers: route.headers, pinning });
  for (const side of sides) await load(side, WARM_UP_SECONDS);
  const results = new Map<Side['name'], LoadResult[]>(sides.map((side) => [side.name, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
      const result = await load(side, SECONDS);
      if (result.failures > 0) throw new Error(`${route.name} on the ${side.name} side: ${result.failures} requests failed or were refused`);
      results.get(side.name)!.push(result);
    }
  }
  const api = results.get('API')!;
  const bare = results.get('bare')!;
  const rate = (runs: LoadResult[]) => median(runs.map((run) => run.requestsPerSecond));
  const p99 = (runs: LoadResult[]) => median(runs.map((run) => run.p99));
  const roundRatios = api.map((run, index) => run.requestsPerSecond / bare[index].requestsPerSecond);
  const { min, max } = range(roundRatios);
  return {
    route: route.name,
    'API req/s': Math.round(rate(api)),
    'bare req/s': Math.round(rate(bare)),
    'API / bare': `${(100 * (rate(api) / rate(bare))).toFixed(1)} % (rounds ${(100 * min).toFixed(1)}–${(100 * max).toFixed(1)})`,
    target: `≥ ${route.target * 100} %`,
    'API p99 ms': p99(api),
    'bare p99 ms': p99(bare),
    'p99 target': `≤ ${P99_TARGET_MS} ms`,
  };
}

async function main() {
  const stack = await startShopStack([]);
  const token = await stack.buyerToken();
  const routes: Route[] = [
    { name: 'GET /bookCatagories (anonymous)', path: '/bookCatagories', headers: {}, target: 0.4 },
    { name: `GET /bookCatagoriesId/${CATEGORY} (access token)`, path: `/bookCatagoriesId/${CATEGORY}`, headers: { authorization: `bearer ${token}` }, target: 0.25 },
  ];

  const answers: Answers = {};
  const sizes: string[] = [];
  for (const route of routes) {
    const { bytes, ...answer } = await fetchAnswer(`${stack.apiUrl}${route.path}`, route.headers);
    answers[route.path] = answer;
    sizes.push(`${route.path}: ${bytes} bytes and ${Object.keys(answer.headers).length} headers`);
  }
  const workDir = await mkdtemp(path.join(tmpdir(), 'book-resale-bench-bare-'));
  onStop(() => rm(workDir, { recursive: true, force: true }));
  const answersFile = path.join(workDir, 'answers.json');
  await writeFile(answersFile, JSON.stringify(answers));
  const bare = await startAndReadLine('bare server', process.execPath, ['--import', 'tsx', path.join(__dirname, 'bareServer.ts'), answersFile], 'READY ', 60_000, {
    stopByClosingStdin: true,
  });
  const pinning = apiPinning();
  pinning.pinServer(stack.apiPid, 'the API');
  pinning.pinServer(bare.started.child.pid, 'the bare server');
  const sides: Side[] = [
    { name: 'API', url: stack.apiUrl },
    { name: 'bare', url: bare.value },
  ];

  const rows = [];
  for (const route of routes) rows.push(await measureRoute(route, sides, pinning));
  console.log(
    `\nAPI on ${stack.database} against a bare node:http server answering the same bytes (${sizes.join('; ')}).\n` +
      `autocannon in its own process, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s per side, alternating; ${pinning.description}; medians over the rounds:`,
  );
  console.table(rows);
}

runPart('API bench', 15, main);
