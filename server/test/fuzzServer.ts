/**
 * The API as the fuzz test runs it: in a process of its own, so the memory it reports is the
 * server's alone. Started by `fuzzServerProcess.ts` with `node --expose-gc --import tsx`; built
 * like `helper.ts` builds the test app (fresh database, fake identity provider and Stripe; on
 * PostgreSQL when TEST_DATABASE_URL is set), listening on 127.0.0.1. Answers its parent over IPC:
 * `digests` (tableDigests of the database), `rss` (resident memory after a full garbage
 * collection), `prototypes` (properties added to Object.prototype or Array.prototype since it
 * started: a polluted prototype) and `close`. Exits when its parent goes away, or after `lifetimeMs` at the latest.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import type { TimeLimits } from '../src/config';
import { FakeAccounts, FakeStripe, fakeVerifyIdToken } from './fakes';
import { tableDigests } from './tableDigests';
import { createTestDb } from './testDb';

export interface FuzzServerSettings {
  timeouts: TimeLimits;
  jwtSecret: string;
  adminEmails: string[];
  lifetimeMs: number;
}

export type FuzzServerRequest = { id: number; ask: 'digests' | 'rss' | 'prototypes' | 'close' };
export type FuzzServerMessage =
  | { ready: { port: number } }
  | { id: number; answer: unknown }
  | { failed: string };

function send(message: FuzzServerMessage): void {
  process.send?.(message);
}

function residentMemory(): number {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (!collect) throw new Error('Start the fuzz server with --expose-gc');
  collect();
  collect();
  return process.memoryUsage().rss;
}

const prototypeNames = () => [
  ...Object.getOwnPropertyNames(Object.prototype).map((name) => `Object.prototype.${name}`),
  ...Object.getOwnPropertyNames(Array.prototype).map((name) => `Array.prototype.${name}`),
];
const namesAtStart = new Set(prototypeNames());

async function main(settings: FuzzServerSettings): Promise<void> {
  const testDb = await createTestDb();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'book-resale-fuzz-'));
  const accounts = new FakeAccounts();
  const app = await buildApp({
    env: {},
    db: testDb.db,
    verifyIdToken: fakeVerifyIdToken,
    checkAccount: accounts.check,
    payments: new FakeStripe(),
    config: {
      dataDir,
      jwtSecret: settings.jwtSecret,
      adminEmails: settings.adminEmails,
      rateLimitPerMinute: 0,
      accountCheckTtlMs: 0,
      timeouts: settings.timeouts,
    },
  });
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      await app.close();
      await testDb.drop();
      await rm(dataDir, { recursive: true, force: true });
    })();
    return closing;
  };
  const exit = () => void close().finally(() => process.exit(0));
  process.on('disconnect', exit);
  setTimeout(exit, settings.lifetimeMs).unref();

  process.on('message', (request: FuzzServerRequest) => {
    const answer = async (): Promise<unknown> => {
      if (request.ask === 'digests') return tableDigests(testDb.db);
      if (request.ask === 'rss') return residentMemory();
      if (request.ask === 'prototypes') return prototypeNames().filter((name) => !namesAtStart.has(name));
      await close();
      return 'closed';
    };
    answer().then(
      (value) => {
        send({ id: request.id, answer: value });
        if (request.ask === 'close') process.disconnect();
      },
      (error: unknown) => send({ failed: String(error) }),
    );
  });

  await app.listen({ port: 0, host: '127.0.0.1' });
  send({ ready: { port: (app.server.address() as AddressInfo).port } });
}

const settings = JSON.parse(process.argv[2] ?? '{}') as FuzzServerSettings;
main(settings).catch((error: unknown) => {
  send({ failed: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exit(1);
});
