import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const MAIN = path.join(ROOT, 'server', 'src', 'main.ts');

/** An API started as `npm run server` starts it, in a process of its own. */
export interface ApiProcess {
  /** `http://127.0.0.1:<port>` */
  url: string;
  child: ChildProcess;
  /** Every line it wrote to stdout (the JSON log) and stderr. */
  output: string[];
  /** Resolves with the exit code once the process ended. */
  exited: Promise<number | null>;
  /** Resolves once a line matching `pattern` was written (rejects after `timeoutMs`). */
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** Sends `signal` and waits for the exit; kills it after `timeoutMs` if it has not ended. */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<number | null>;
}

/**
 * Starts `tsx server/src/main.ts` on 127.0.0.1 and a free port with `env` (and nothing else of
 * this process's environment but PATH and HOME), and waits until it listens. Bounded: a process
 * that does not listen within `startTimeoutMs` is killed and the start fails.
 */
export async function startApiProcess(env: Record<string, string>, startTimeoutMs = 90_000): Promise<ApiProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'info', ...env, API_HOST: '127.0.0.1', API_PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const watchers = new Set<(line: string) => void>();
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  for (const stream of [child.stdout, child.stderr]) {
    let partial = '';
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        output.push(line);
        for (const watcher of watchers) watcher(line);
      }
    });
  }

  const waitForLine = (pattern: RegExp, timeoutMs = 30_000) =>
    new Promise<string>((resolve, reject) => {
      const seen = output.find((line) => pattern.test(line));
      if (seen !== undefined) {
        resolve(seen);
        return;
      }
      const timer = setTimeout(() => {
        watchers.delete(watcher);
        reject(new Error(`No line matching ${pattern} within ${timeoutMs} ms. Output:\n${output.join('\n')}`));
      }, timeoutMs);
      const watcher = (line: string) => {
        if (!pattern.test(line)) return;
        clearTimeout(timer);
        watchers.delete(watcher);
        resolve(line);
      };
      watchers.add(watcher);
      exited.then(() => {
        if (!watchers.has(watcher)) return;
        clearTimeout(timer);
        watchers.delete(watcher);
        reject(new Error(`The API exited before writing ${pattern}. Output:\n${output.join('\n')}`));
      });
    });

  const stop = async (signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 30_000) => {
    if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    try {
      return await exited;
    } finally {
      clearTimeout(timer);
    }
  };

  try {
    const listening = await waitForLine(/Server listening at http:\/\/127\.0\.0\.1:\d+/, startTimeoutMs);
    const url = /http:\/\/127\.0\.0\.1:\d+/.exec(listening)?.[0] ?? '';
    return { url, child, output, exited, waitForLine, stop };
  } catch (error) {
    await stop('SIGKILL');
    throw error;
  }
}
