import { linkSync, mkdirSync, readFileSync, rmdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * PGlite is PostgreSQL in this process: nothing stops a second process from opening the same
 * folder, and two of them writing it corrupt it. The lock is a file beside the folder naming the
 * process that has it open; a second process refuses to start while that process lives.
 */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
    readonly lockPath: string,
  ) {
    super(
      `The database in ${dataDir} is in use by process ${ownerPid} (lock file ${lockPath}). ` +
        'Stop that process first, or give this one another DATA_DIR.',
    );
    this.name = 'DataDirInUseError';
  }
}

interface Owner {
  pid: number;
  /** The process's start time as the kernel counts it (Linux), so a pid used again is told apart. */
  startedAt?: string;
}

/**
 * Fields 3 on of /proc/<pid>/stat (Linux only): [0] the state (`Z` a zombie, `X` dead), [19] when
 * the process started, in clock ticks since boot.
 */
function statOf(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count after its end.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

const startTimeOf = (pid: number): string | undefined => statOf(pid)?.[19];

function isAlive(owner: Owner): boolean {
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const stat = statOf(owner.pid);
  // Killed and not yet reaped by its parent (a supervisor restarting at once sees this): its
  // memory, the database's included, is gone.
  if (stat?.[0] === 'Z' || stat?.[0] === 'X') return false;
  if (owner.startedAt === undefined) return true;
  const startedAt = stat?.[19];
  // A live pid that started at another time is another process that got the same number.
  return startedAt === undefined || startedAt === owner.startedAt;
}

function readOwner(lockPath: string): { text: string; owner?: Owner } | undefined {
  let text: string;
  try {
    text = readFileSync(lockPath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && 'pid' in parsed && Number.isInteger(parsed.pid) && Number(parsed.pid) > 0) {
      const startedAt = 'startedAt' in parsed && typeof parsed.startedAt === 'string' ? parsed.startedAt : undefined;
      return { text, owner: { pid: Number(parsed.pid), startedAt } };
    }
  } catch {
    // Not ours, or damaged: below.
  }
  return { text };
}

/**
 * How long a stale lock's removal may take before another process may clear its guard: far
 * beyond the microseconds it takes, even on a machine so busy that a process stalls for seconds.
 */
const GUARD_STALE_MS = 10_000;
const RETRY_MS = 50;
/** Enough turns to wait out such a guard. */
const ATTEMPTS = GUARD_STALE_MS / RETRY_MS + 50;

/** Removes a file or an empty folder; one already gone is fine (another process removed it). */
function removeIfThere(remove: () => void): void {
  try {
    remove();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/**
 * Removes the stale lock `seen`, unless it changed meanwhile. Only one process at a time removes
 * (the guard folder is made atomically), and it reads the lock again first, so a live process's
 * fresh lock, linked after `seen` was read, is never removed.
 */
async function removeStale(lockPath: string, seen: string): Promise<void> {
  const guard = `${lockPath}.takeover`;
  try {
    mkdirSync(guard);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // Another process is removing it; a guard left by one killed while removing goes after a while.
    try {
      if (Date.now() - statSync(guard).mtimeMs > GUARD_STALE_MS) rmdirSync(guard);
    } catch {
      // Gone meanwhile.
    }
    await sleep(RETRY_MS);
    return;
  }
  try {
    if (readOwner(lockPath)?.text === seen) removeIfThere(() => unlinkSync(lockPath));
  } finally {
    removeIfThere(() => rmdirSync(guard));
  }
}

export interface LockHooks {
  /** Called when a stale lock was found, right before it is removed (tests play a rival here). */
  beforeTakeover?: () => void;
  /**
   * How long to wait for a live holder to let go before refusing (DEFAULT_LOCK_WAIT_MS): one that
   * is stopping, or being killed, lets go within it.
   */
  waitMs?: number;
}

export const DEFAULT_LOCK_WAIT_MS = 5_000;

export interface DataDirLock {
  readonly path: string;
  /** Removes the lock file, if it is still this process's. */
  release(): void;
}

/**
 * Takes the lock of `dataDir` (the file `<dataDir>.lock`) for this process, or throws
 * `DataDirInUseError` naming the process that still has it after `waitMs`. A lock left by a
 * process that died (kill -9, power loss), even one its parent has not reaped yet, is taken over.
 */
export async function lockDataDir(dataDir: string, hooks: LockHooks = {}): Promise<DataDirLock> {
  const started = Date.now();
  const waitMs = hooks.waitMs ?? DEFAULT_LOCK_WAIT_MS;
  const resolved = path.resolve(dataDir);
  const lockPath = `${resolved}.lock`;
  mkdirSync(path.dirname(lockPath), { recursive: true });
  const mine: Owner = { pid: process.pid, startedAt: startTimeOf(process.pid) };
  const text = `${JSON.stringify(mine)}\n`;
  // Written whole under a name of its own, then linked into place: link fails when the lock exists,
  // and a reader never sees a half-written lock.
  const draft = `${lockPath}.${process.pid}.${Date.now()}`;
  writeFileSync(draft, text, { flag: 'wx' });
  try {
    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      try {
        linkSync(draft, lockPath);
        return {
          path: lockPath,
          release() {
            if (readOwner(lockPath)?.text === text) removeIfThere(() => unlinkSync(lockPath));
          },
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const current = readOwner(lockPath);
      if (current === undefined) continue; // released meanwhile
      const { owner } = current;
      if (owner !== undefined && isAlive(owner)) {
        // The same pid with the same start time is this very process: the folder is open already.
        if (owner.pid === process.pid || Date.now() - started >= waitMs) throw new DataDirInUseError(resolved, owner.pid, lockPath);
        attempt -= 1; // waiting for a live holder is bounded by waitMs, not by the attempts
        await sleep(RETRY_MS);
        continue;
      }
      // A dead owner's lock, or one that names nobody (damaged): nobody has the folder open.
      hooks.beforeTakeover?.();
      await removeStale(lockPath, current.text);
    }
  } finally {
    unlinkSync(draft);
  }
  throw new Error(`Could not take the lock ${lockPath}: other processes keep changing it`);
}
