/**
 * API throughput and latency on this machine: the real app on the embedded
 * database, listening on 127.0.0.1, driven over HTTP with keep-alive.
 * Bounded: a fixed number of requests per scenario at a fixed concurrency.
 * Identity-provider tokens are faked here: the bench measures the API, not Firebase.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../server/src/app';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);

interface Scenario {
  name: string;
  request(): Promise<Response>;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function run(scenario: Scenario) {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < REQUESTS) {
      next += 1;
      const t0 = performance.now();
      const response = await scenario.request();
      await response.arrayBuffer();
      if (!response.ok) failures += 1;
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    scenario: scenario.name,
    'req/s': Math.round(latencies.length / seconds),
    'p50 ms': percentile(latencies, 50).toFixed(1),
    'p95 ms': percentile(latencies, 95).toFixed(1),
    'p99 ms': percentile(latencies, 99).toFixed(1),
    failures,
  };
}

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'book-resale-bench-'));
  const app = await buildApp({
    config: { dataDir, jwtSecret: 'bench-secret-bench-secret-bench-secret', rateLimitPerMinute: 0 },
    env: {},
    verifyIdToken: async (token) => {
      const [, uid, email] = token.split(':');
      return { uid, email, emailVerified: true };
    },
    // Every authenticated request asks the identity provider whether the account is still
    // active; faked here like the tokens, so the bench measures the API alone.
    checkAccount: async () => ({ active: true }),
  });
  try {
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const email = 'bench-buyer@example.com';
    const idToken = `bench:uid-1:${email}`;
    await fetch(`${base}/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench Buyer', email, role: 'Buyer' }),
    });
    const { accessToken } = (await (
      await fetch(`${base}/jwt?email=${encodeURIComponent(email)}`, { headers: { authorization: `Bearer ${idToken}` } })
    ).json()) as { accessToken: string };
    const auth = { authorization: `bearer ${accessToken}` };

    const scenarios: Scenario[] = [
      { name: 'GET /bookCatagories (public)', request: () => fetch(`${base}/bookCatagories`) },
      { name: 'GET /bookCatagoriesId/fiction', request: () => fetch(`${base}/bookCatagoriesId/fiction`, { headers: auth }) },
      { name: 'GET /users/seller/:email', request: () => fetch(`${base}/users/seller/${encodeURIComponent(email)}`, { headers: auth }) },
      { name: 'GET /bookings?email=', request: () => fetch(`${base}/bookings?email=${encodeURIComponent(email)}`, { headers: auth }) },
    ];
    // Warm-up, then measure.
    for (const scenario of scenarios) for (let i = 0; i < 50; i += 1) await (await scenario.request()).arrayBuffer();
    const results = [];
    for (const scenario of scenarios) results.push(await run(scenario));
    console.log(`API on embedded PostgreSQL (PGlite), ${REQUESTS} requests per scenario, ${CONCURRENCY} at a time:`);
    console.table(results);
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
