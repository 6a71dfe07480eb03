import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const REPO_ROOT = path.resolve(__dirname, '..', '..');
/** Starting takes a few seconds (tsx, the database, migrations); far longer means it hangs. */
const START_LIMIT_MS = 60_000;
const STOP_LIMIT_MS = 20_000;

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** The API as `npm run server` runs it: `server/src/main.ts` in a process of its own. */
export interface ApiProcess {
  pid: number;
  /** `http://127.0.0.1:<port>`, once it listens. */
  url: string;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  exited: Promise<Exit>;
  /** SIGKILL: no handler runs, nothing is flushed or closed. */
  kill9(): Promise<Exit>;
  /** SIGTERM, as a launcher stops it: closes the app and the database. */
  stop(): Promise<Exit>;
}

/** Every process a test started, so `stopAll` ends those a failed test left running. */
const running = new Set<ChildProcess>();

function launch(env: Record<string, string>): { child: ChildProcess; output: () => string; exited: Promise<Exit> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: REPO_ROOT,
    // Only what is given: no DATABASE_URL or real keys from the shell that runs the tests.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<Exit>((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    });
  });
  return { child, output: () => output, exited };
}

function withLimit<T>(promise: Promise<T>, ms: number, what: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(what())), ms);
  });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}

/** Starts the API and answers once it listens; rejects with its output if it exits first. */
export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const { child, output, exited } = launch({ API_PORT: '0', API_HOST: '127.0.0.1', ...env });
  const listening = new Promise<string>((resolve, reject) => {
    const look = () => {
      const match = /listening at (http:\/\/127\.0\.0\.1:\d+)/i.exec(output());
      if (match) resolve(match[1]);
    };
    child.stdout?.on('data', look);
    child.stderr?.on('data', look);
    exited.then((exit) => reject(new Error(`The API exited (${exit.code ?? exit.signal}) before listening:\n${output()}`)));
  });
  let url: string;
  try {
    url = await withLimit(listening, START_LIMIT_MS, () => `The API did not listen within ${START_LIMIT_MS} ms:\n${output()}`);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  const signal = (name: NodeJS.Signals) => {
    child.kill(name);
    return withLimit(exited, STOP_LIMIT_MS, () => `The API did not exit on ${name}:\n${output()}`);
  };
  return { pid: child.pid ?? -1, url, output, exited, kill9: () => signal('SIGKILL'), stop: () => signal('SIGTERM') };
}

/** Runs the API expecting it to refuse to start; answers how it exited and what it said. */
export async function runApiToRefusal(env: Record<string, string>): Promise<Exit & { output: string }> {
  const { child, output, exited } = launch({ API_PORT: '0', API_HOST: '127.0.0.1', ...env });
  try {
    const exit = await withLimit(exited, START_LIMIT_MS, () => `The API kept running:\n${output()}`);
    return { ...exit, output: output() };
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
}

/** Kills every API process still running (a failed test's), for `afterAll`. */
export async function stopAll(): Promise<void> {
  const left = [...running];
  await Promise.all(
    left.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        }),
    ),
  );
}
