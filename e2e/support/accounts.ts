import { apiUrl, authEmulatorUrl, emulatorProject } from './env';

/** The emulator's client REST API (what the web SDK calls), and its operator API ("Bearer owner"). */
export const emulatorEndpoint = (call: string) =>
  `${authEmulatorUrl}/identitytoolkit.googleapis.com/v1/accounts:${call}?key=demo-api-key`;
export const emulatorAdminEndpoint = (call: string) =>
  `${authEmulatorUrl}/identitytoolkit.googleapis.com/v1/projects/${emulatorProject}/accounts:${call}`;

/** POSTs JSON and answers the JSON answer; anything but 2xx throws with the answer's text. */
export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
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
 * Test setup through the real paths, without the browser: an account in the Auth emulator
 * (its REST API, as the SDK does it) and the user record through the API.
 */
export async function createUser({ name, email, role }: { name: string; email: string; role: 'Buyer' | 'seller' }) {
  const { idToken, localId } = await postJson(emulatorEndpoint('signUp'), { email, password: 'demo1234', returnSecureToken: true });
  await postJson(emulatorEndpoint('update'), { idToken, displayName: name });
  // The API serves confirmed addresses only; setup confirms it as the emulator's operator.
  await postJson(emulatorAdminEndpoint('update'), { localId, emailVerified: true }, { authorization: 'Bearer owner' });
  await postJson(`${apiUrl}/users`, { name, email, role }, { authorization: `Bearer ${idToken}` });
}

/**
 * What the user does with the confirmation mail: the emulator keeps every mail's link instead of
 * sending it; this opens the newest one sent to `email`.
 */
export async function openConfirmationLink(email: string): Promise<void> {
  const response = await fetch(`${authEmulatorUrl}/emulator/v1/projects/${emulatorProject}/oobCodes`, {
    signal: AbortSignal.timeout(15_000),
  });
  const { oobCodes } = (await response.json()) as { oobCodes: { email: string; requestType: string; oobLink: string }[] };
  const links = oobCodes.filter((code) => code.email === email && code.requestType === 'VERIFY_EMAIL');
  if (links.length === 0) throw new Error(`no confirmation mail was sent to ${email}`);
  const opened = await fetch(links[links.length - 1].oobLink, { signal: AbortSignal.timeout(15_000) });
  if (!opened.ok) throw new Error(`opening the confirmation link failed: ${opened.status}`);
}
