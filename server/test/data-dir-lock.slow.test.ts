import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DataDirInUseError, lockDataDir } from '../src/db/dataDirLock';

/** The lock that keeps a second process off a PGlite folder in use (src/db/dataDirLock.ts). */
let root: string;
let dataDir: string;
let lockPath: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'book-resale-lock-'));
  dataDir = path.join(root, 'db');
  lockPath = `${dataDir}.lock`;
});
afterEach(() => rm(root, { recursive: true, force: true }));

const ownerPid = () => (JSON.parse(readFileSync(lockPath, 'utf8')) as { pid: number }).pid;

/** A pid that is certainly dead: a process that ran and exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid ?? -1;
}

it('names this process in the lock, refuses the folder to a second opener, and removes the lock on release', async () => {
  const lock = await lockDataDir(dataDir);
  expect(ownerPid()).toBe(process.pid);
  const second = lockDataDir(dataDir);
  await expect(second).rejects.toBeInstanceOf(DataDirInUseError);
  await expect(second).rejects.toThrow(`The database in ${dataDir} is in use by process ${process.pid} (lock file ${lockPath})`);
  lock.release();
  expect(existsSync(lockPath)).toBe(false);
  (await lockDataDir(dataDir)).release();
});

/** A live process of its own (the caller kills it); its pid. */
function liveProcess() {
  const child = spawn('sleep', ['30'], { stdio: 'ignore' });
  return { pid: child.pid ?? -1, kill: () => child.kill('SIGKILL'), exited: new Promise((resolve) => child.once('exit', resolve)) };
}

const stateOf = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
};

it('waits for a live holder before refusing, and takes the folder once that holder is killed meanwhile', async () => {
  const holder = liveProcess();
  try {
    writeFileSync(lockPath, `${JSON.stringify({ pid: holder.pid })}\n`);
    const asked = Date.now();
    const refused = lockDataDir(dataDir, { waitMs: 400 });
    await expect(refused).rejects.toThrow(`is in use by process ${holder.pid}`);
    expect(Date.now() - asked).toBeGreaterThanOrEqual(400);

    // Killed while a second process waits (a supervisor restarting at once): the second gets it.
    const waiting = lockDataDir(dataDir, { waitMs: 20_000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    holder.kill();
    const lock = await waiting;
    expect(ownerPid()).toBe(process.pid);
    lock.release();
  } finally {
    holder.kill();
    await holder.exited;
  }
});

it('takes over at once the lock of a killed process its parent has not reaped yet (a zombie)', async () => {
  // `sleep 0.1` ends while its parent, become `sleep 30`, never reaps it.
  const parent = spawn('sh', ['-c', 'sleep 0.1 & echo $!; exec sleep 30'], { stdio: ['ignore', 'pipe', 'ignore'] });
  try {
    const zombie = Number(await new Promise<string>((resolve) => parent.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString()))));
    const startedAt = stateOf(zombie)?.[19];
    for (let i = 0; i < 100 && stateOf(zombie)?.[0] !== 'Z'; i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stateOf(zombie)?.[0]).toBe('Z');
    writeFileSync(lockPath, `${JSON.stringify({ pid: zombie, startedAt })}\n`);
    const lock = await lockDataDir(dataDir, { waitMs: 0 });
    expect(ownerPid()).toBe(process.pid);
    lock.release();
  } finally {
    parent.kill('SIGKILL');
  }
});

it('takes over the lock of a process that died (kill -9, power loss)', async () => {
  writeFileSync(lockPath, `${JSON.stringify({ pid: await deadPid() })}\n`);
  const lock = await lockDataDir(dataDir);
  expect(ownerPid()).toBe(process.pid);
  lock.release();
});

it('never removes a fresh lock that a live process put in place of the stale one meanwhile', async () => {
  writeFileSync(lockPath, `${JSON.stringify({ pid: await deadPid() })}\n`);
  const rival = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
  try {
    const attempt = lockDataDir(dataDir, {
      waitMs: 0,
      // Another process took the stale lock over between this one's reading it and removing it.
      beforeTakeover: () => writeFileSync(lockPath, `${JSON.stringify({ pid: rival.pid })}\n`),
    });
    await expect(attempt).rejects.toThrow(`is in use by process ${rival.pid}`);
    expect(ownerPid()).toBe(rival.pid);
  } finally {
    rival.kill('SIGKILL');
  }
});

it('clears a takeover guard left by a process killed while taking a stale lock over', async () => {
  writeFileSync(lockPath, `${JSON.stringify({ pid: await deadPid() })}\n`);
  const guard = `${lockPath}.takeover`;
  mkdirSync(guard);
  const longAgo = new Date(Date.now() - 60_000);
  utimesSync(guard, longAgo, longAgo);
  const lock = await lockDataDir(dataDir);
  expect(ownerPid()).toBe(process.pid);
  expect(existsSync(guard)).toBe(false);
  lock.release();
});

it('takes over a lock whose pid now belongs to another process (same pid, other start time)', async () => {
  writeFileSync(lockPath, `${JSON.stringify({ pid: process.pid, startedAt: 'an earlier life' })}\n`);
  const lock = await lockDataDir(dataDir);
  expect(JSON.parse(readFileSync(lockPath, 'utf8'))).toEqual({ pid: process.pid, startedAt: expect.stringMatching(/^\d+$/) });
  lock.release();
});

it('takes over a lock that names nobody, and leaves alone a lock that is no longer its own', async () => {
  writeFileSync(lockPath, 'garbage');
  const lock = await lockDataDir(dataDir);
  writeFileSync(lockPath, `${JSON.stringify({ pid: 1 })}\n`);
  lock.release();
  expect(existsSync(lockPath)).toBe(true);
});

interface Outcome {
  pid: number;
  locked: boolean;
  owner?: number;
}

it('lets exactly one of several processes racing for a stale lock have it; the others name it', async () => {
  writeFileSync(lockPath, `${JSON.stringify({ pid: await deadPid() })}\n`);
  // All try at the same moment, once tsx has loaded in each.
  const at = Date.now() + 2_500;
  const racers = Array.from({ length: 4 }, () =>
    spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'lockHolder.ts'), dataDir, String(at)], {
      stdio: ['pipe', 'pipe', 'inherit'],
    }),
  );
  try {
    const outcomes = await Promise.all(
      racers.map(
        (racer) =>
          new Promise<Outcome>((resolve, reject) => {
            let out = '';
            racer.stdout.on('data', (chunk: Buffer) => {
              out += chunk.toString('utf8');
              if (out.includes('\n')) resolve(JSON.parse(out) as Outcome);
            });
            racer.once('exit', (code) => reject(new Error(`a racer exited (${code}) without a word`)));
          }),
      ),
    );
    const winners = outcomes.filter((outcome) => outcome.locked);
    expect(winners).toHaveLength(1);
    expect(ownerPid()).toBe(winners[0].pid);
    for (const loser of outcomes.filter((outcome) => !outcome.locked)) expect(loser.owner).toBe(winners[0].pid);
  } finally {
    await Promise.all(
      racers.map(
        (racer) =>
          new Promise((resolve) => {
            if (racer.exitCode !== null || racer.signalCode !== null) return resolve(undefined);
            racer.once('exit', resolve);
            racer.stdin.end();
          }),
      ),
    );
  }
  // The winner released it on its way out.
  expect(existsSync(lockPath)).toBe(false);
}, 60_000);
