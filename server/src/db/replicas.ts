import { Pool } from 'pg';
import type { Queryable, Reader } from './db';
import { poolTransaction } from './postgres';

/**
 * Reads of the public catalogue spread over PostgreSQL streaming replicas (`DATABASE_REPLICA_URLS`).
 *
 * Each replica is probed every second: is it reachable, is it still a replica, and how far behind
 * the primary is it. The lag is measured on WAL positions, not on the time of the last replayed
 * transaction: that time stands still on a quiet primary, and a replica that has replayed
 * everything would look later and later. Each probe notes the primary's WAL position and when it
 * was read; a replica that has replayed up to the newest position is not behind at all, and one
 * that has not is as late as the oldest noted position it still lacks.
 *
 * A replica that is unreachable, no longer in recovery, or behind by more than `REPLICA_MAX_LAG` is
 * skipped until a probe finds it well again; reads go to the primary meanwhile, and a read that
 * fails on a replica for the replica's sake (connection lost, cancelled by recovery) is read again
 * from the primary at once.
 */

export interface ReplicaOptions {
  /** `DATABASE_REPLICA_URLS`. */
  urls: readonly string[];
  /** `REPLICA_MAX_LAG` in milliseconds. */
  maxLagMs: number;
  /** How often each replica is probed (ms); 0 probes only when `probe()` is called. */
  probeEveryMs?: number;
  /** Connections per replica. */
  maxConnections?: number;
  /** Told when a replica is skipped from now on, or used again. */
  onChange?: (replica: ReplicaStatus) => void;
}

export interface ReplicaStatus {
  /** host:port/database: the URL without its credentials. */
  name: string;
  /** In use for reads. */
  healthy: boolean;
  /** How far behind the primary (ms); null until a probe reached it. */
  lagMs: number | null;
  /** How many bytes of WAL behind the primary; null until a probe reached it. */
  lagBytes: number | null;
  /** Why it is skipped, when it is. */
  problem?: string;
}

export interface ReplicaReads {
  /** Reads spread over the healthy replicas, or on the primary when none is. */
  readonly reader: Reader;
  /** Each replica as the last probe found it. */
  status(): ReplicaStatus[];
  /** Probes every replica now. */
  probe(): Promise<void>;
  close(): Promise<void>;
}

/** A WAL position (`16/B374D848`) as a number of bytes. */
export function walPosition(lsn: string): bigint {
  const match = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(lsn);
  if (!match) throw new Error(`Not a WAL position: "${lsn}"`);
  return (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`);
}

/** The primary's WAL position at a moment. */
export interface WalSample {
  at: number;
  position: bigint;
}

/**
 * How far a replica that has replayed up to `replayed` is behind, given the primary's positions as
 * sampled (oldest first, the newest just before the replica was asked): 0 when it has them all,
 * else the age of the oldest sampled position it still lacks.
 */
export function lagOf(samples: readonly WalSample[], replayed: bigint, now: number): { lagMs: number; lagBytes: number } {
  const newest = samples.at(-1);
  if (newest === undefined || replayed >= newest.position) return { lagMs: 0, lagBytes: 0 };
  const lacking = samples.find((sample) => sample.position > replayed) ?? newest;
  return { lagMs: Math.max(0, now - lacking.at), lagBytes: Number(newest.position - replayed) };
}

/** The URL's host, port and database, never its user or password (it goes into /ready and logs). */
export function replicaName(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return 'replica';
  }
}

/**
 * Whether a read that failed on a replica is worth reading again on the primary: the replica's
 * trouble (no connection, shutting down, out of resources, cancelled by a conflict with recovery,
 * or a table, column or function a migration has not yet brought it), not the statement's. pg gives a server's error a five-character SQLSTATE; a socket error has an
 * errno name (`ECONNREFUSED`) or none.
 */
/** undefined_table, undefined_column, undefined_function: the primary's schema is newer. */
const SCHEMA_NOT_YET = new Set(['42P01', '42703', '42883']);

export function isReplicaTrouble(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  if (!/^[0-9A-Z]{5}$/.test(code) || code.startsWith('E')) return true;
  return code.startsWith('08') || code.startsWith('57') || code.startsWith('53') || SCHEMA_NOT_YET.has(code) || code === '40001';
}

/** How long the primary's WAL positions are kept: lags longer than this read as this long. */
const SAMPLES_KEPT_MS = 120_000;
const PROBE_TIMEOUT_MS = 2_000;

interface Replica {
  name: string;
  /** The catalogue's reads. */
  pool: Pool;
  /** The probes': one connection whose queries give up after PROBE_TIMEOUT_MS. */
  probes: Pool;
  status: ReplicaStatus;
}

export async function createReplicaReads(primary: Reader, options: ReplicaOptions): Promise<ReplicaReads> {
  const replicas: Replica[] = options.urls.map((url) => {
    const pool = new Pool({
      connectionString: url,
      max: options.maxConnections ?? 10,
      connectionTimeoutMillis: PROBE_TIMEOUT_MS,
      application_name: 'book-resale catalogue reads',
    });
    const probes = new Pool({ connectionString: url, max: 1, connectionTimeoutMillis: PROBE_TIMEOUT_MS, query_timeout: PROBE_TIMEOUT_MS });
    // A dropped idle connection is the next probe's to notice, not the process's end.
    pool.on('error', () => undefined);
    probes.on('error', () => undefined);
    const name = replicaName(url);
    return { name, pool, probes, status: { name, healthy: false, lagMs: null, lagBytes: null, problem: 'not probed yet' } };
  });
  const samples: WalSample[] = [];
  let next = 0;
  let closed = false;

  const setStatus = (replica: Replica, status: Omit<ReplicaStatus, 'name'>) => {
    const was = replica.status.healthy;
    replica.status = { name: replica.name, ...status };
    if (was !== status.healthy) options.onChange?.(replica.status);
  };

  const skip = (replica: Replica, problem: string) =>
    setStatus(replica, { healthy: false, lagMs: replica.status.lagMs, lagBytes: replica.status.lagBytes, problem });

  const probeOne = async (replica: Replica) => {
    try {
      const { rows } = await replica.probes.query<{ recovering: boolean; replayed: string | null }>(
        'select pg_is_in_recovery() as recovering, pg_last_wal_replay_lsn()::text as replayed',
      );
      const [{ recovering, replayed }] = rows;
      if (!recovering || replayed === null) {
        skip(replica, 'not a streaming replica (not in recovery)');
        return;
      }
      const { lagMs, lagBytes } = lagOf(samples, walPosition(replayed), Date.now());
      const healthy = lagMs <= options.maxLagMs;
      setStatus(replica, { healthy, lagMs, lagBytes, ...(!healthy && { problem: `behind by more than ${options.maxLagMs} ms` }) });
    } catch (error) {
      skip(replica, `unreachable: ${(error as Error).message}`);
    }
  };

  const probe = async () => {
    let position: bigint;
    try {
      const [row] = await primary.query<{ position: string }>('select pg_current_wal_lsn()::text as position');
      position = walPosition(row.position);
    } catch {
      // Without the primary's position no lag can be known: keep the replicas as they were.
      return;
    }
    const now = Date.now();
    samples.push({ at: now, position });
    while (samples.length > 1 && samples[0].at < now - SAMPLES_KEPT_MS) samples.shift();
    await Promise.all(replicas.map(probeOne));
  };

  let probing: Promise<void> | undefined;
  const probeOnce = () => (probing ??= probe().finally(() => (probing = undefined)));
  await probeOnce();
  const timer = options.probeEveryMs === 0 ? undefined : setInterval(() => void probeOnce(), options.probeEveryMs ?? 1_000);
  timer?.unref();

  const pick = (): Replica | undefined => {
    for (let tried = 0; tried < replicas.length; tried += 1) {
      const replica = replicas[next % replicas.length];
      next = (next + 1) % replicas.length;
      if (replica.status.healthy) return replica;
    }
    return undefined;
  };

  /** `read` on a well replica, or on the primary (`fallback`) when none is or the replica fails it. */
  const onReplica = async <Result>(read: (replica: Replica) => Promise<Result>, fallback: () => Promise<Result>) => {
    const replica = closed ? undefined : pick();
    if (replica === undefined) return fallback();
    try {
      return await read(replica);
    } catch (error) {
      if (!isReplicaTrouble(error)) throw error;
      skip(replica, `a read failed: ${(error as Error).message}`);
      return fallback();
    }
  };

  const reader: Reader = {
    concurrent: true,
    query: <Row>(sql: string, params: readonly unknown[] = []) =>
      onReplica(
        async (replica) => (await replica.pool.query(sql, [...params])).rows as Row[],
        () => primary.query<Row>(sql, params),
      ),
    // Scripts change things: never on a replica.
    exec: (sql: string) => primary.exec(sql),
    // Reads only (a hot standby refuses writes), so a transaction failed by the replica is read again whole.
    transaction: <Result>(work: (tx: Queryable) => Promise<Result>) =>
      onReplica(
        (replica) => poolTransaction(replica.pool, work, 'begin read only'),
        () => primary.transaction(work),
      ),
  };

  return {
    reader,
    status: () => replicas.map((replica) => ({ ...replica.status })),
    probe: probeOnce,
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      await probing?.catch(() => undefined);
      await Promise.all(replicas.flatMap((replica) => [replica.pool, replica.probes].map((pool) => pool.end().catch(() => undefined))));
    },
  };
}
