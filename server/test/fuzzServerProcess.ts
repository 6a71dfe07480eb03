import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { FuzzServerMessage, FuzzServerRequest, FuzzServerSettings } from './fuzzServer';

type Digests = Record<string, { rows: number; digest: string }>;

/** The fuzz test's handle on the API process of `fuzzServer.ts`. */
export interface FuzzServer {
  port: number;
  /** `tableDigests` of its database. */
  digests(): Promise<Digests>;
  /** Its resident memory in bytes, measured after a full garbage collection. */
  rss(): Promise<number>;
  /** Properties added to Object.prototype or Array.prototype since it started. */
  prototypes(): Promise<string[]>;
  /** Closes the server and its database and waits for the process to end. */
  close(): Promise<void>;
}

const STARTUP_MS = 60_000;

/** Starts the API in a child process and answers once it listens. */
export function startFuzzServer(settings: FuzzServerSettings): Promise<FuzzServer> {
  const child: ChildProcess = fork(path.join(__dirname, 'fuzzServer.ts'), [JSON.stringify(settings)], {
    execArgv: ['--expose-gc', '--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: process.env,
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let nextId = 0;

  const failAll = (error: Error) => {
    waiting.forEach((call) => call.reject(error));
    waiting.clear();
  };
  child.once('exit', (code, signal) => failAll(new Error(`the fuzz server ended (code ${code}, signal ${signal})`)));

  const ask = (question: FuzzServerRequest['ask']) =>
    new Promise<unknown>((resolve, reject) => {
      const id = ++nextId;
      waiting.set(id, { resolve, reject });
      child.send({ id, ask: question } satisfies FuzzServerRequest);
    });

  return new Promise((resolve, reject) => {
    const startup = setTimeout(() => {
      child.kill();
      reject(new Error(`the fuzz server did not start within ${STARTUP_MS} ms`));
    }, STARTUP_MS);
    child.once('exit', () => {
      clearTimeout(startup);
      reject(new Error('the fuzz server ended before listening'));
    });
    child.on('message', (message: FuzzServerMessage) => {
      if ('ready' in message) {
        clearTimeout(startup);
        resolve({
          port: message.ready.port,
          digests: async () => (await ask('digests')) as Digests,
          rss: async () => (await ask('rss')) as number,
          prototypes: async () => (await ask('prototypes')) as string[],
          async close() {
            if (child.exitCode === null && child.connected) await ask('close').catch(() => undefined);
            if (child.exitCode === null) await exited;
          },
        });
      } else if ('failed' in message) {
        failAll(new Error(message.failed));
        reject(new Error(message.failed));
      } else {
        const call = waiting.get(message.id);
        waiting.delete(message.id);
        call?.resolve(message.answer);
      }
    });
  });
}
