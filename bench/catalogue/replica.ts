/**
 * What a read replica takes off the primary. A primary of this machine's PostgreSQL (initdb) holds
 * a generated shop (BENCH_REPLICA_BOOKS, 50,000 books) and a streaming replica of it is made with
 * pg_basebackup. The buyers' mix (mix.ts, signed out) goes at a steady rate, open loop, half to each
 * of two API processes, in rounds that alternate: A, both processes read the primary; B, the
 * second reads the replica (DATABASE_REPLICA_URLS). Each round counts the CPU time the primary's
 * and the replica's server processes spent, and the requests' latencies.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createPostgresDb } from '../../server/src/db/postgres';
import { migrate } from '../../server/src/db/migrate';
import { seedCatalogue } from '../../server/src/seed';
import { generateShop } from '../../server/src/shopGenerator/generate';
import { loadVocabulary } from '../../server/src/shopGenerator/vocabulary';
import { postgresBin, startPrimary, startReplica, type PostgresServer } from '../../server/test/postgresCluster';
import { onStop, ROOT, runPart, start, startAndReadLine } from '../lib/processes';
import { percentile } from '../lib/stats';

const BOOKS = Number(process.env.BENCH_REPLICA_BOOKS ?? 50_000);
const SECONDS = Number(process.env.BENCH_REPLICA_SECONDS ?? 30);
const RATE = Number(process.env.BENCH_REPLICA_RATE ?? 20);
const ROUNDS = Number(process.env.BENCH_REPLICA_ROUNDS ?? 4);
const SECRET = 'bench-secret-bench-secret-bench-secret';

const TICKS_PER_SECOND = 100;

/** CPU seconds a server's processes have used: its postmaster, the children it reaped, and those alive. */
function cpuSeconds(server: PostgresServer): number {
  const postmaster = Number(readFileSync(path.join(server.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    // The fields after the command's closing parenthesis: state, ppid, … utime (14), stime, cutime, cstime.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const pid = Number(entry);
    const ppid = Number(fields[1]);
    if (pid !== postmaster && ppid !== postmaster) continue;
    ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  }
  return ticks / TICKS_PER_SECOND;
}

interface LoadAnswer {
  failures: number;
  samples: Record<string, number[]>;
}

async function startApi(name: string, env: NodeJS.ProcessEnv) {
  const api = await startAndReadLine(name, process.execPath, ['--import', 'tsx', path.join(__dirname, 'apiServer.ts')], 'READY ', 5 * 60_000, {
    env: { ...process.env, DATABASE_URL: '', DATABASE_REPLICA_URLS: '', ...env },
    stopByClosingStdin: true,
  });
  onStop(() => api.started.stop());
  return api.value;
}

async function load(base: string, rate: number, seed: number): Promise<LoadAnswer> {
  const lines: string[] = [];
  const child = start(`load on ${base}`, process.execPath, ['--import', 'tsx', path.join(__dirname, 'load.ts'), base, String(rate), String(SECONDS), String(seed)], {
    cwd: ROOT,
    onLine: (line) => lines.push(line),
  });
  const code = await new Promise<number | null>((resolve) => child.child.once('close', resolve));
  const json = lines.find((line) => line.startsWith('{'));
  if (code !== 0 || !json) throw new Error(`the load on ${base} failed (${code}):\n${child.lastLines()}`);
  return JSON.parse(json) as LoadAnswer;
}

async function main() {
  const bin = postgresBin();
  if (!bin) {
    console.log("No PostgreSQL tools (/usr/lib/postgresql/*/bin): this part needs them to make a primary and a replica.");
    return;
  }
  const primary = await startPrimary(bin);
  onStop(() => primary.remove());
  const db = await createPostgresDb({ connectionString: primary.url, maxConnections: 2 });
  try {
    await migrate(db);
    await seedCatalogue(db);
    const shop = await generateShop(db, loadVocabulary(), { books: BOOKS });
    console.log(`${BOOKS.toLocaleString('en-US')} books generated on the primary in ${(shop.ms / 1000).toFixed(0)} s`);
  } finally {
    await db.close();
  }
  const replica = await startReplica(bin, primary);
  onStop(() => replica.remove());

  const env = { DATABASE_URL: primary.url, JWT_SECRET: SECRET };
  const first = await startApi('API 1 (primary)', env);
  const second = await startApi('API 2 (primary)', env);
  const secondOnReplica = await startApi('API 2 (replica)', { ...env, DATABASE_REPLICA_URLS: replica.url });

  console.log(`The buyers' mix, ${RATE} requests a second for ${SECONDS} s per round, half to each of two API processes; A: both read the primary, B: the second reads the replica`);
  const rows: Record<string, string | number>[] = [];
  const totals = { A: { primary: 0, replica: 0 }, B: { primary: 0, replica: 0 } };
  for (let round = 0; round < ROUNDS; round += 1) {
    const which = round % 2 === 0 ? 'A' : 'B';
    const before = { primary: cpuSeconds(primary), replica: cpuSeconds(replica) };
    const answers = await Promise.all([load(first, RATE / 2, round * 2 + 1), load(which === 'A' ? second : secondOnReplica, RATE / 2, round * 2 + 2)]);
    const used = { primary: cpuSeconds(primary) - before.primary, replica: cpuSeconds(replica) - before.replica };
    totals[which].primary += used.primary;
    totals[which].replica += used.replica;
    const latencies = answers.flatMap((answer) => Object.values(answer.samples).flat()).sort((a, b) => a - b);
    rows.push({
      round: round + 1,
      reads: which === 'A' ? 'primary only' : 'replica for API 2',
      'primary CPU s': +used.primary.toFixed(2),
      'replica CPU s': +used.replica.toFixed(2),
      requests: latencies.length,
      failures: answers.reduce((sum, answer) => sum + answer.failures, 0),
      'p50 ms': +percentile(latencies, 50).toFixed(1),
      'p95 ms': +percentile(latencies, 95).toFixed(1),
    });
  }
  console.table(rows);
  const share = totals.B.primary / totals.A.primary;
  console.log(
    `The primary's CPU with the replica in use: ${(share * 100).toFixed(0)} % of what it was without ` +
      `(${totals.B.primary.toFixed(1)} s against ${totals.A.primary.toFixed(1)} s over ${ROUNDS / 2} rounds each); the replica took ${totals.B.replica.toFixed(1)} s.`,
  );
}

runPart('Catalogue reads on a replica', 20, main);
