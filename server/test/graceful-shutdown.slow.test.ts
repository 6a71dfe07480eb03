import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startApiProcess, type ApiProcess } from './apiProcess';
import { startAuthEmulatorStandIn, type AuthEmulatorStandIn } from './authEmulatorStandIn';

const PROJECT = 'demo-shutdown';
const EMAIL = 'shutdown-buyer@test.dev';

let emulator: AuthEmulatorStandIn;
let api: ApiProcess;
let dataDir: string;
const apiEnvironment = () => ({
  DATA_DIR: dataDir,
  JWT_SECRET: 'shutdown-test-secret-long-enough-for-hs256',
  FIREBASE_PROJECT_ID: PROJECT,
  FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
  ACCOUNT_CHECK_TTL_MS: '0',
  IMAGE_SWEEP_INTERVAL_MINUTES: '0',
});
beforeAll(async () => {
  emulator = await startAuthEmulatorStandIn(PROJECT);
  dataDir = await mkdtemp(path.join(tmpdir(), 'book-resale-shutdown-'));
  api = await startApiProcess(apiEnvironment());
}, 120_000);
afterAll(async () => {
  await api?.stop('SIGKILL');
  await emulator?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function signIn(): Promise<{ idToken: string; accessToken: string }> {
  const idToken = emulator.idTokenFor(EMAIL);
  const created = await fetch(`${api.url}/users`, {
    method: 'POST',
    headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Shutdown Buyer', email: EMAIL, role: 'Buyer' }),
  });
  expect(created.status).toBe(200);
  const token = await fetch(`${api.url}/jwt?email=${encodeURIComponent(EMAIL)}`, { headers: { authorization: `Bearer ${idToken}` } });
  expect(token.status).toBe(200);
  return { idToken, accessToken: ((await token.json()) as { accessToken: string }).accessToken };
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

describe('an API process told to stop (SIGTERM)', () => {
  let tokens: { idToken: string; accessToken: string };

  it('answers /health and /ready while it runs', async () => {
    tokens = await signIn();
    const health = await fetch(`${api.url}/health`);
    expect([health.status, await health.json()]).toEqual([200, { status: 'ok' }]);
    const ready = await fetch(`${api.url}/ready`);
    expect([ready.status, await ready.json()]).toEqual([200, { status: 'ready' }]);
  });

  it('finishes a request in flight, takes no new one, then exits with 0', async () => {
    // The identity provider is slow: the request waits on it, in flight, when the signal comes.
    const release = emulator.hold();
    const inFlight = fetch(`${api.url}/bookings?email=${encodeURIComponent(EMAIL)}`, {
      headers: { authorization: `bearer ${tokens.accessToken}` },
    });
    await until(() => emulator.waiting() === 1, 'the request to reach the identity provider');

    api.child.kill('SIGTERM');
    await api.waitForLine(/"msg":"closing"/);
    expect(api.child.exitCode).toBeNull();
    // New requests are soon not served any more (the port is closed, or 503 on a kept connection),
    // while the one in flight still waits.
    let late: number | string = 200;
    for (let attempt = 0; attempt < 100 && late === 200; attempt += 1) {
      late = await fetch(`${api.url}/health`).then((response) => response.status, () => 'refused');
      if (late === 200) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(late).not.toBe(200);
    expect(api.child.exitCode).toBeNull();

    release();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual([]);
    expect((await api.exited).code).toBe(0);
  });

  it('ends at once, with 1, at a second signal', async () => {
    // The same data folder, after the first process let it go.
    const again = await startApiProcess(apiEnvironment());
    const release = emulator.hold();
    try {
      const inFlight = fetch(`${again.url}/bookings?email=${encodeURIComponent(EMAIL)}`, {
        headers: { authorization: `bearer ${tokens.accessToken}` },
      }).then((response) => response.status, () => 'cut off');
      await until(() => emulator.waiting() === 1, 'the request to reach the identity provider');
      again.child.kill('SIGTERM');
      await again.waitForLine(/"msg":"closing"/);
      again.child.kill('SIGINT');
      expect((await again.exited).code).toBe(1);
      expect(await inFlight).toBe('cut off');
    } finally {
      release();
      await again.stop('SIGKILL');
    }
  }, 120_000);

  it('wrote one structured line per request, without tokens, keys or emails', () => {
    const lines = api.output.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as { msg: string; res?: { url?: string; statusCode?: number } });
    const completed = lines.filter((line) => line.msg === 'request completed').map((line) => `${line.res?.statusCode} ${line.res?.url}`);
    expect(completed).toEqual(
      expect.arrayContaining(['200 /users', '200 /jwt?email=[redacted]', '200 /health', '200 /ready', '200 /bookings?email=[redacted]']),
    );
    const log = api.output.join('\n');
    for (const secret of [tokens.accessToken, tokens.idToken, EMAIL, encodeURIComponent(EMAIL), 'shutdown-test-secret']) {
      expect(log).not.toContain(secret);
    }
    // Not even a fragment of a token: every JWT starts with a base64url-encoded '{"'.
    expect(log).not.toMatch(/eyJ[\w-]{10,}/);
    // No header is logged at all, so no authorization value either.
    expect(log).not.toMatch(/"authorization"/i);
  });
});
