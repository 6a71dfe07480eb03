import { setTimeout as sleep } from 'node:timers/promises';
import { startApiProcess, stopAll, type ApiProcess } from './apiProcess';
import { EMULATOR_PROJECT, emulatorIdToken, startAuthEmulatorStandIn, type AuthEmulatorStandIn } from './authEmulatorStandIn';
import { pgliteTarget, postgresTarget, type Target } from './processTargets';

/**
 * The API killed with SIGKILL while it applies an inventory file, then started again at once on
 * the same data: the import goes on by itself and ends applied, every row of the file listed once
 * (no SKU twice, none missing), and its counts and progress add up.
 */
const postgresUrl = process.env.TEST_DATABASE_URL;
const ROWS = 10_000;

jest.setTimeout(240_000);

let emulator: AuthEmulatorStandIn;
let target: Target;
beforeAll(async () => {
  emulator = await startAuthEmulatorStandIn();
  target = postgresUrl ? await postgresTarget(postgresUrl, 'importcrash') : await pgliteTarget('importcrash');
});
afterAll(async () => {
  await stopAll();
  await emulator?.close();
  await target?.drop();
});

const apiEnv = () => ({
  ...target.env,
  FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
  FIREBASE_PROJECT_ID: EMULATOR_PROJECT,
  JWT_SECRET: 'import-crash-secret-that-is-long-enough-for-hs256',
  RATE_LIMIT_PER_MINUTE: '0',
  IMAGE_SWEEP_INTERVAL_MINUTES: '0',
  INVENTORY_IMPORT_INTERVAL_MS: '200',
});

interface WireImport {
  id: string;
  state: string;
  counts: Record<string, number>;
  progress: { done: number; total: number };
}

async function call<Answer>(api: ApiProcess, path: string, token: string, init: { method?: string; body?: BodyInit; json?: object } = {}): Promise<Answer> {
  const response = await fetch(`${api.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, ...(init.json ? { 'content-type': 'application/json' } : {}) },
    body: init.json ? JSON.stringify(init.json) : init.body,
  });
  if (response.status >= 300) throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Answer;
}

async function until(api: ApiProcess, token: string, id: string, done: (answer: WireImport) => boolean): Promise<WireImport> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    // A poll that meets a kept-alive connection the server just closed is asked again.
    const answer = await call<WireImport>(api, `/inventory/imports/${id}`, token).catch(() => undefined);
    if (answer && done(answer)) return answer;
    if (Date.now() > deadline) throw new Error(`The import stayed ${JSON.stringify(answer)}`);
    await sleep(10);
  }
}

it('applies every row of a file once through a kill -9 mid-import and an immediate restart', async () => {
  const email = 'crash-dealer@crash.test';
  let api = await startApiProcess(apiEnv());
  const idToken = emulatorIdToken(email);
  await call(api, '/users', idToken, { method: 'POST', json: { name: 'crash-dealer', email, role: 'seller' } });
  const { accessToken: token } = await call<{ accessToken: string }>(api, `/jwt?email=${encodeURIComponent(email)}`, idToken);
  await call(api, '/inventory/defaults', token, { method: 'PUT', json: { phone: '1', location: 'Mesa', delivery: 'meetup', category: null } });

  const lines = ['sku,title,author,condition,price'];
  for (let i = 0; i < ROWS; i += 1) lines.push(`C-${i},Crash Course ${i},A. Writer,Good,${5 + (i % 20)}`);
  const form = new FormData();
  form.append('file', new Blob([lines.join('\n')], { type: 'text/csv' }), 'inventory.csv');
  const { id } = await call<WireImport>(api, '/inventory/imports', token, { method: 'POST', body: form });
  await until(api, token, id, (answer) => answer.state === 'checked');
  await call(api, `/inventory/imports/${id}/apply`, token, { method: 'POST' });
  const midway = await until(api, token, id, (answer) => answer.state === 'applied' || answer.progress.done > 0);
  expect(midway.state).toBe('applying');

  expect((await api.kill9()).signal).toBe('SIGKILL');
  api = await startApiProcess(apiEnv());
  const applied = await until(api, token, id, (answer) => answer.state === 'applied');
  expect(applied.counts).toEqual({ new: ROWS, updated: 0, unchanged: 0, withdrawn: 0, invalid: 0 });
  expect(applied.progress).toEqual({ done: ROWS, total: ROWS });
  expect((await api.stop()).code).toBe(0);

  const db = await target.open();
  try {
    const [{ copies, skus }] = await db.query<{ copies: number; skus: number }>(
      "select count(*)::int as copies, count(distinct sku)::int as skus from books where sku like 'C-%'",
    );
    expect({ copies, skus }).toEqual({ copies: ROWS, skus: ROWS });
    const [{ unapplied }] = await db.query<{ unapplied: number }>(
      'select count(*)::int as unapplied from inventory_import_rows where import_id = $1 and not applied',
      [id],
    );
    expect(unapplied).toBe(0);
  } finally {
    await db.close();
  }
});
