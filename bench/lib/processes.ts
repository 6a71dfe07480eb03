/**
 * The processes a bench part starts. Each runs in its own process group, known to
 * scripts/reaper.mjs, so none outlives the part even when the part is killed outright; `stopAll()`
 * stops them in the reverse order of their start. `runPart` bounds a whole part in time and stops
 * everything it started on success, failure, time-out, Ctrl-C or SIGTERM.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';

export const ROOT = path.resolve(__dirname, '..', '..');

export interface Started {
  child: ChildProcess;
  /** The last lines the process wrote, for error messages. */
  lastLines(): string;
  stop(): Promise<void>;
}

interface StartOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Called with each line of standard output (standard error is only kept for errors). */
  onLine?: (line: string) => void;
  /** Stop by closing standard input instead of SIGTERM (the process watches its stdin). */
  stopByClosingStdin?: boolean;
}

const KEPT_LINES = 30;
const KILL_AFTER_MS = 20_000;

let reaper: ChildProcess | undefined;
const cleanups: (() => Promise<void>)[] = [];

function tellReaper(message: { add: number } | { remove: number }): void {
  if (!reaper) {
    reaper = spawn(process.execPath, [path.join(ROOT, 'scripts', 'reaper.mjs')], {
      detached: true,
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    reaper.unref();
    reaper.channel?.unref();
  }
  try {
    if (reaper.connected) reaper.send(message);
  } catch {
    // The reaper is a safety net; the bench works without it.
  }
}

/** Something to undo when the part ends (a temporary directory, a browser); run last first. */
export function onStop(cleanup: () => Promise<void>): void {
  cleanups.push(cleanup);
}

/** Runs `command` in its own process group; `stopAll()` stops it if nothing else did. */
export function start(name: string, command: string, args: string[], options: StartOptions = {}): Started {
  const child = spawn(command, args, {
    cwd: options.cwd ?? ROOT,
    env: options.env ?? process.env,
    detached: true,
    stdio: [options.stopByClosingStdin ? 'pipe' : 'ignore', 'pipe', 'pipe'],
  });
  const pid = child.pid;
  if (pid) tellReaper({ add: pid });
  const lines: string[] = [];
  const keep = (line: string) => {
    lines.push(line);
    if (lines.length > KEPT_LINES) lines.shift();
  };
  createInterface({ input: child.stdout! }).on('line', (line) => {
    keep(line);
    options.onLine?.(line);
  });
  createInterface({ input: child.stderr! }).on('line', keep);
  child.once('error', (error) => keep(`${name} could not start: ${error.message}`));
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  void exited.then(() => pid && tellReaper({ remove: pid }));
  const signal = (which: NodeJS.Signals) => {
    try {
      if (pid) process.kill(-pid, which);
    } catch {
      // already gone
    }
  };
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      if (options.stopByClosingStdin) child.stdin?.end();
      else signal('SIGTERM');
      const killLater = setTimeout(() => signal('SIGKILL'), KILL_AFTER_MS);
      await exited;
      clearTimeout(killLater);
    })());
  cleanups.push(stop);
  return { child, lastLines: () => lines.join('\n'), stop };
}

/** Resolves once `url` answers 2xx; rejects when the process ends first or after `timeoutMs`. */
export async function waitForUrl(url: string, started: Started, what: string, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null) throw new Error(`${what} stopped before it was ready:\n${started.lastLines()}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} was not ready in ${timeoutMs / 1000} s:\n${started.lastLines()}`);
}

/** Resolves with the rest of the first stdout line starting with `prefix`, e.g. `READY <url>`. */
export function startAndReadLine(name: string, command: string, args: string[], prefix: string, timeoutMs: number, options: StartOptions = {}) {
  return new Promise<{ value: string; started: Started }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start in ${timeoutMs / 1000} s:\n${started.lastLines()}`)), timeoutMs);
    const started = start(name, command, args, {
      ...options,
      onLine: (line) => {
        options.onLine?.(line);
        if (!line.startsWith(prefix)) return;
        clearTimeout(timer);
        resolve({ value: line.slice(prefix.length).trim(), started });
      },
    });
    started.child.once('close', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} stopped (${code}):\n${started.lastLines()}`));
    });
  });
}

/** Stops everything started or registered so far, the last first. */
export async function stopAll(): Promise<void> {
  while (cleanups.length > 0) {
    const cleanup = cleanups.pop()!;
    await cleanup().catch((error: unknown) => console.error('cleaning up failed:', error));
  }
}

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Runs one bench part: at most `defaultMinutes` (BENCH_TIMEOUT_MINUTES overrides), then stops
 * everything it started and exits, 0 on success.
 */
export function runPart(title: string, defaultMinutes: number, main: () => Promise<void>): void {
  const minutes = Number(process.env.BENCH_TIMEOUT_MINUTES ?? defaultMinutes);
  let cancel: (reason: Error) => void = () => undefined;
  const cancelled = new Promise<never>((_, reject) => {
    cancel = reject;
  });
  const timer = setTimeout(() => cancel(new Error(`${title}: stopped after ${minutes} minutes (BENCH_TIMEOUT_MINUTES raises it)`)), minutes * 60_000);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => cancel(new Error(`${title}: ${signal}, stopping`)));
  Promise.race([main(), cancelled])
    .then(
      () => 0,
      (error: unknown) => {
        console.error(`${title} failed:`, error instanceof Error ? error.message : error);
        return 1;
      },
    )
    .then(async (code) => {
      clearTimeout(timer);
      await stopAll();
      process.exit(code);
    });
}
