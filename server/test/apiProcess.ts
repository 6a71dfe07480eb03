import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const REPO_ROOT = path.resolve(__dirname, '..', '..');
/** Starting takes a few seconds (tsx, the database, migrations); far longer means it hangs. */
const START_LIMIT_MS = 90_000;
const LINE_LIMIT_MS = 30_000;
const STOP_LIMIT_MS = 30_000;
const LISTENING = /listening at (http:\/\/127\.0\.0\.1:\d+)/i;

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** The API as `npm run server` runs it: `server/src/main.ts` in a process of its own. */
export interface ApiProcess {
  pid: number;
  /** `http://127.0.0.1:<port>`, once it listens. */
  url: string;
  child: ChildProcess;
  /** Every line it wrote to stdout (the JSON log) and stderr so far. */
  output: string[];
  /** Resolves once the process ended and its output was read to the end. */
  exited: Promise<Exit>;
  /** Resolves with the first line matching `pattern`; rejects if none comes within `timeoutMs` or it exits first. */
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** SIGKILL: no handler runs, nothing is flushed or closed. */
  kill9(): Promise<Exit>;
  /**
   * Sends `signal` (SIGTERM, as a launcher stops it: closes the app and the database) and waits
   * for the exit; kills it if it has not ended within `timeoutMs` (the exit then says SIGKILL).
   */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<Exit>;
}

/** Every process a test started, so `stopAll` ends those a failed test left running. */
const running = new Set<ChildProcess>();

const ended = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/**
 * Starts `server/src/main.ts` with `env` (and nothing else of this process's environment but PATH
 * and HOME) on 127.0.0.1 and a free port; collects its output line by line.
 */
function launch(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: REPO_ROOT,
    // Only what is given: no DATABASE_URL or real keys from the shell that runs the tests.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'info', ...env, API_HOST: '127.0.0.1', API_PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const output: string[] = [];
  const watchers = new Set<(line: string) => void>();
  const add = (line: string) => {
    output.push(line);
    for (const watcher of watchers) watcher(line);
  };
  for (const stream of [child.stdout, child.stderr]) {
    let partial = '';
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      lines.forEach(add);
    });
    stream?.on('end', () => {
      if (partial !== '') add(partial);
      partial = '';
    });
  }
  // 'close' comes after 'exit' once stdout and stderr ended, so `output` is then complete.
  const exited = new Promise<Exit>((resolve) => {
    child.once('close', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    });
  });

  const waitForLine = (pattern: RegExp, timeoutMs = LINE_LIMIT_MS) =>
    new Promise<string>((resolve, reject) => {
      const seen = output.find((line) => pattern.test(line));
      if (seen !== undefined) return resolve(seen);
      const done = () => {
        clearTimeout(timer);
        watchers.delete(watcher);
      };
      const watcher = (line: string) => {
        if (!pattern.test(line)) return;
        done();
        resolve(line);
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`No line matching ${pattern} within ${timeoutMs} ms. Output:\n${output.join('\n')}`));
      }, timeoutMs);
      watchers.add(watcher);
      void exited.then(() => {
        if (!watchers.has(watcher)) return;
        done();
        reject(new Error(`The API exited before writing ${pattern}. Output:\n${output.join('\n')}`));
      });
    });

  const stop = async (signal: NodeJS.Signals = 'SIGTERM', timeoutMs = STOP_LIMIT_MS) => {
    if (!ended(child)) child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    try {
      return await exited;
    } finally {
      clearTimeout(timer);
    }
  };

  return { child, output, exited, waitForLine, stop };
}

/**
 * Starts the API and answers once it listens. Bounded: one that exits first, or does not listen
 * within `startTimeoutMs`, is killed and the start fails with its output.
 */
export async function startApiProcess(env: Record<string, string>, startTimeoutMs = START_LIMIT_MS): Promise<ApiProcess> {
  const api = launch(env);
  try {
    const listening = await api.waitForLine(LISTENING, startTimeoutMs);
    const url = LISTENING.exec(listening)?.[1] ?? '';
    return { ...api, pid: api.child.pid ?? -1, url, kill9: () => api.stop('SIGKILL') };
  } catch (error) {
    await api.stop('SIGKILL');
    throw error;
  }
}

/** Runs the API expecting it to refuse to start; answers how it exited and everything it wrote. */
export async function runApiToRefusal(env: Record<string, string>): Promise<Exit & { output: string }> {
  const { child, output, exited } = launch(env);
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`The API kept running:\n${output.join('\n')}`)), START_LIMIT_MS);
  });
  try {
    const exit = await Promise.race([exited, limit]);
    return { ...exit, output: output.join('\n') };
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** Kills every API process still running (a failed test's), for `afterAll`. */
export async function stopAll(): Promise<void> {
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (ended(child)) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        }),
    ),
  );
}
