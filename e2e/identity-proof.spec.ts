import { expect, test } from '@playwright/test';
import { emulatorAdminEndpoint as adminEndpoint, emulatorEndpoint as clientEndpoint, postJson as post } from './support/accounts';
import { apiUrl } from './support/env';
import { uniqueEmail as unique } from './fixtures';

/**
 * Identity against the real Auth emulator and the real API, without a browser: the attacks an
 * audit found (claiming the seeded store, forging an unsigned emulator token's email, keeping
 * access after the account was disabled) are refused.
 */
const api = (path: string, token: string, init: RequestInit = {}) =>
  fetch(`${apiUrl}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers }, signal: AbortSignal.timeout(15_000) });

/** An emulator account; `verified` marks its address confirmed as the operator would. */
async function account(email: string, verified: boolean) {
  const created = await post(clientEndpoint('signUp'), { email, password: 'demo1234', returnSecureToken: true });
  if (verified) await post(adminEndpoint('update'), { localId: created.localId, emailVerified: true }, { authorization: 'Bearer owner' });
  const signedIn = await post(clientEndpoint('signInWithPassword'), { email, password: 'demo1234', returnSecureToken: true });
  return { uid: created.localId, idToken: signedIn.idToken };
}


test("nobody can sign in as the catalogue's store, verified or not", async () => {
  // The emulator lets anyone make this account; the API must not give it the store's record.
  const store = 'store@book-resale.local';
  const unverified = await account(store, false);
  expect((await api(`/jwt?email=${store}`, unverified.idToken)).status).toBe(403);
  await post(adminEndpoint('update'), { localId: unverified.uid, emailVerified: true }, { authorization: 'Bearer owner' });
  const verified = (await post(clientEndpoint('signInWithPassword'), { email: store, password: 'demo1234', returnSecureToken: true })).idToken;
  const answer = await api(`/jwt?email=${store}`, verified);
  expect(answer.status).toBe(409);
  expect(await answer.json()).toEqual({ message: 'This email belongs to another account' });
});

test("an emulator token whose email claim was edited is read by the account's real email", async () => {
  const email = unique('forger');
  const buyer = await account(email, true);
  expect((await api('/users', buyer.idToken, { method: 'POST', body: JSON.stringify({ name: 'Forger', email, role: 'Buyer' }) })).status).toBe(200);
  const [header, payload] = buyer.idToken.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
  const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, email: 'admin@bookresale.test', email_verified: true })).toString('base64url')}.`;
  const answer = await api('/jwt?email=admin%40bookresale.test', forged);
  expect(answer.status).toBe(403);
  expect(await answer.json()).toEqual({ message: 'The email does not match the signed-in account' });
});

test('disabling an account ends its API access within the account-check window (5 s)', async () => {
  const email = unique('disabled');
  const user = await account(email, true);
  expect((await api('/users', user.idToken, { method: 'POST', body: JSON.stringify({ name: 'Dee', email, role: 'seller' }) })).status).toBe(200);
  const { accessToken } = (await (await api(`/jwt?email=${encodeURIComponent(email)}`, user.idToken)).json()) as { accessToken: string };
  const products = () => api('/products', accessToken);
  expect((await products()).status).toBe(200);

  await post(adminEndpoint('update'), { localId: user.uid, disableUser: true }, { authorization: 'Bearer owner' });
  // The API trusts the provider's last word on an account for ACCOUNT_CHECK_TTL_MS (5 s).
  const disabledAt = Date.now();
  let refused = await products();
  while (refused.status === 200 && Date.now() - disabledAt < 10_000) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    refused = await products();
  }
  expect(refused.status).toBe(401);
  expect(Date.now() - disabledAt).toBeLessThan(5_000 + 2_000);
  expect(await refused.json()).toEqual({ message: 'This account is disabled' });
  expect((await api(`/jwt?email=${encodeURIComponent(email)}`, user.idToken)).status).toBe(401);
});
