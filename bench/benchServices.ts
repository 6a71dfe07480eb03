/**
 * What the benches run behind Chromium: the Firebase Auth emulator, API processes on generated
 * shops (bench/shopServer.ts) and accounts made through both. Every process started here runs in
 * its own process group (bench/lib/processes.ts), stopped by `stop()` or at the end of the part.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ROOT, start, startAndReadLine, waitForUrl } from './lib/processes';

export { freePort } from './lib/processes';

export const PROJECT = 'demo-book-resale';

export interface Service {
  url: string;
  stop(): Promise<void>;
}

/** The Auth emulator on `port`, with its files under `workDir`. */
export async function startAuthEmulator(workDir: string, port: number): Promise<Service> {
  await mkdir(path.join(workDir, 'tmp'), { recursive: true });
  const config = JSON.parse(await readFile(path.join(ROOT, 'firebase.json'), 'utf8')) as { emulators: { auth: object } };
  config.emulators.auth = { ...config.emulators.auth, host: '127.0.0.1', port };
  const configFile = path.join(workDir, 'firebase.json');
  await writeFile(configFile, JSON.stringify(config));
  const emulator = start(
    'Auth emulator',
    path.join(ROOT, 'node_modules', '.bin', 'firebase'),
    ['emulators:start', '--only', 'auth', '--project', PROJECT, '--config', configFile],
    { cwd: workDir, env: { ...process.env, TMPDIR: path.join(workDir, 'tmp'), NO_UPDATE_NOTIFIER: '1' } },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitForUrl(`${url}/`, emulator, 'The Auth emulator');
  return { url, stop: emulator.stop };
}

/**
 * An API process on the seed catalogue plus `books` generated books; with `identity`, it takes
 * the emulator's sign-ins from the web app's origin.
 */
export async function startShop(books: number, identity?: { authEmulatorHost: string; webOrigin: string }): Promise<Service> {
  const args = ['--import', 'tsx', path.join(__dirname, 'shopServer.ts'), String(books)];
  if (identity) args.push(identity.authEmulatorHost, identity.webOrigin);
  const { value, started } = await startAndReadLine(`shop of ${books} books`, process.execPath, args, 'READY ', 5 * 60_000, {
    stopByClosingStdin: true,
  });
  return { url: value, stop: started.stop };
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

const accountsEndpoint = (authUrl: string, call: string) => `${authUrl}/identitytoolkit.googleapis.com/v1/accounts:${call}?key=demo-api-key`;

/**
 * A confirmed password account in the emulator, and its user record (a Buyer) in each API: what
 * sign-up and the confirmation link make, without the browser.
 */
export async function createBuyer(authUrl: string, apiUrls: string[], { name, email, password }: { name: string; email: string; password: string }) {
  const { idToken, localId } = await post(accountsEndpoint(authUrl, 'signUp'), { email, password, returnSecureToken: true });
  await post(accountsEndpoint(authUrl, 'update'), { idToken, displayName: name });
  await post(`${authUrl}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:update`, { localId, emailVerified: true }, {
    authorization: 'Bearer owner',
  });
  for (const apiUrl of apiUrls) await post(`${apiUrl}/users`, { name, email, role: 'Buyer' }, { authorization: `Bearer ${idToken}` });
}

/** The API's access token for an existing account: the emulator's sign-in, then GET /jwt. */
export async function accessToken(authUrl: string, apiUrl: string, { email, password }: { email: string; password: string }): Promise<string> {
  const { idToken } = await post(accountsEndpoint(authUrl, 'signInWithPassword'), { email, password, returnSecureToken: true });
  const response = await fetch(`${apiUrl}/jwt?email=${encodeURIComponent(email)}`, {
    headers: { authorization: `Bearer ${idToken}` },
    signal: AbortSignal.timeout(15_000),
  });
  if (!response.ok) throw new Error(`GET /jwt: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { accessToken: string }).accessToken;
}
