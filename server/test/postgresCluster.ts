import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { appendFile, chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * A PostgreSQL server of a test's own, in a temporary folder on a free port of 127.0.0.1: a
 * primary made with `initdb`, or a streaming replica of one made with `pg_basebackup`. As root the
 * tools run as the `postgres` user (PostgreSQL refuses to run as root).
 */

const run = promisify(execFile);
const ROOT = '/usr/lib/postgresql';

/** The newest installed PostgreSQL's tools, or undefined when there are none. */
export function postgresBin(): string | undefined {
  if (!existsSync(ROOT)) return undefined;
  const versions = readdirSync(ROOT).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a));
  const bin = versions.map((version) => path.join(ROOT, version, 'bin')).find((folder) => existsSync(path.join(folder, 'pg_basebackup')));
  return bin;
}

const asRoot = process.getuid?.() === 0;

async function tool(bin: string, name: string, args: string[]): Promise<string> {
  const command = asRoot ? 'runuser' : path.join(bin, name);
  const fullArgs = asRoot ? ['-u', 'postgres', '--', path.join(bin, name), ...args] : args;
  try {
    const { stdout } = await run(command, fullArgs, { timeout: 120_000 });
    return stdout;
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`${name} failed${stderr ? `: ${stderr}` : ''}`);
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function ownedFolder(prefix: string): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), prefix));
  if (asRoot) await run('chown', ['postgres:postgres', folder]);
  await chmod(folder, 0o700);
  return folder;
}

export interface PostgresServer {
  port: number;
  /** Its data folder (`postmaster.pid` names its first process). */
  dataDir: string;
  /** A superuser's URL of its `postgres` database. */
  url: string;
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Stops it (at once) and removes its folder. */
  remove(): Promise<void>;
}

/** Settings for a throwaway server: fast, small, on 127.0.0.1 only, with room for replicas. */
const SETTINGS = (port: number, folder: string) => [
  `port = ${port}`,
  `listen_addresses = '127.0.0.1'`,
  `unix_socket_directories = '${folder}'`,
  'fsync = off',
  'synchronous_commit = off',
  'full_page_writes = off',
  'max_connections = 40',
  'shared_buffers = 32MB',
  'wal_level = replica',
  'max_wal_senders = 4',
  'hot_standby = on',
  // A standby answers queries while it replays; a query that would hold replay back is cancelled.
  'max_standby_streaming_delay = 1s',
];

async function start(bin: string, data: string, port: number, folder: string): Promise<PostgresServer> {
  const log = path.join(folder, 'server.log');
  await tool(bin, 'pg_ctl', ['-D', data, '-l', log, '-w', '-t', '60', 'start']);
  let stopped = false;
  const stop = async (mode: 'fast' | 'immediate' = 'fast') => {
    if (stopped) return;
    stopped = true;
    await tool(bin, 'pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']).catch(() => undefined);
  };
  return {
    port,
    dataDir: data,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop,
    async remove() {
      await stop('immediate');
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/** A new primary: `initdb` (trust on 127.0.0.1, replication allowed), started. */
export async function startPrimary(bin: string): Promise<PostgresServer> {
  const folder = await ownedFolder('book-resale-primary-');
  const data = path.join(folder, 'data');
  const port = await freePort();
  await tool(bin, 'initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  await appendToConfig(path.join(data, 'postgresql.conf'), SETTINGS(port, folder));
  return start(bin, data, port, folder);
}

/** A streaming replica of `primary` (`pg_basebackup -R`: it follows the primary from its start). */
export async function startReplica(bin: string, primary: PostgresServer): Promise<PostgresServer> {
  const folder = await ownedFolder('book-resale-replica-');
  const data = path.join(folder, 'data');
  const port = await freePort();
  await tool(bin, 'pg_basebackup', ['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', '-D', data, '-R', '-X', 'stream', '--checkpoint=fast', '--no-sync']);
  // postgresql.auto.conf is read last: this replica's own port and socket folder win there.
  await appendToConfig(path.join(data, 'postgresql.auto.conf'), SETTINGS(port, folder));
  return start(bin, data, port, folder);
}

async function appendToConfig(file: string, lines: string[]): Promise<void> {
  await appendFile(file, `\n${lines.join('\n')}\n`);
}
