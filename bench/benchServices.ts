/**
 * What a browser bench of signed-in pages runs behind Chromium: the Firebase Auth emulator, API
 * processes on generated shops (bench/shopServer.ts) and accounts made through both. Every
 * process started here runs in its own process group, which `stop()` ends.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';

const ROOT = path.resolve(__dirname, '..');
const PROJECT = 'demo-book-resale';

export interface Service {
  url: string;
  stop(): Promise<void>;
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

function stopGroup(child: ChildProcess, closeStdin = false): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  if (closeStdin) child.stdin?.end();
  else if (child.pid) process.kill(-child.pid, 'SIGTERM');
  const killLater = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 20_000);
  return exited.finally(() => clearTimeout(killLater));
}

async function waitForUrl(url: string, child: ChildProcess, what: string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} stopped before it was ready`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} was not ready in 3 minutes`);
}

/** The Auth emulator on `port`, with its files under `workDir`. */
export async function startAuthEmulator(workDir: string, port: number): Promise<Service> {
  await mkdir(path.join(workDir, 'tmp'), { recursive: true });
  const config = JSON.parse(await readFile(path.join(ROOT, 'firebase.json'), 'utf8')) as { emulators: { auth: object } };
  config.emulators.auth = { ...config.emulators.auth, host: '127.0.0.1', port };
  const configFile = path.join(workDir, 'firebase.json');
  await writeFile(configFile, JSON.stringify(config));
  const child = spawn(
    path.join(ROOT, 'node_modules', '.bin', 'firebase'),
    ['emulators:start', '--only', 'auth', '--project', PROJECT, '--config', configFile],
    { cwd: workDir, detached: true, stdio: 'ignore', env: { ...process.env, TMPDIR: path.join(workDir, 'tmp'), NO_UPDATE_NOTIFIER: '1' } },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitForUrl(`${url}/`, child, 'The Auth emulator');
  return { url, stop: () => stopGroup(child) };
}

/**
 * An API process on the seed catalogue plus `books` generated books, taking the emulator's
 * sign-ins from `webOrigin`.
 */
export function startShop(books: number, authEmulatorHost: string, webOrigin: string): Promise<Service> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(__dirname, 'shopServer.ts'), String(books), authEmulatorHost, webOrigin],
    { cwd: ROOT, detached: true, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the shop did not start in 5 minutes')), 5 * 60_000);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (!line.startsWith('READY ')) return;
      clearTimeout(timer);
      resolve({ url: line.slice('READY '.length), stop: () => stopGroup(child, true) });
    });
    child.once('exit', (code) => reject(new Error(`the shop stopped (${code})`)));
  });
}

async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Record<string, string>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, string>;
}

/**
 * A confirmed password account in the emulator, and its user record (a Buyer) in each API: what
 * sign-up and the confirmation link make, without the browser.
 */
export async function createBuyer(authUrl: string, apiUrls: string[], { name, email, password }: { name: string; email: string; password: string }) {
  const endpoint = (call: string) => `${authUrl}/identitytoolkit.googleapis.com/v1/accounts:${call}?key=demo-api-key`;
  const { idToken, localId } = await post(endpoint('signUp'), { email, password, returnSecureToken: true });
  await post(endpoint('update'), { idToken, displayName: name });
  await post(`${authUrl}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:update`, { localId, emailVerified: true }, {
    authorization: 'Bearer owner',
  });
  for (const apiUrl of apiUrls) await post(`${apiUrl}/users`, { name, email, role: 'Buyer' }, { authorization: `Bearer ${idToken}` });
}
