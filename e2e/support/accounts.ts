import { apiUrl, authEmulatorUrl } from './env';

/**
 * Test setup through the real paths, without the browser: an account in the Auth emulator
 * (its REST API, as the SDK does it) and the user record through the API.
 */
export async function createUser({ name, email, role }: { name: string; email: string; role: 'Buyer' | 'seller' }) {
  const endpoint = (call: string) => `${authEmulatorUrl}/identitytoolkit.googleapis.com/v1/accounts:${call}?key=demo-api-key`;
  const post = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, string>>;
  };
  const { idToken } = await post(endpoint('signUp'), { email, password: 'demo1234', returnSecureToken: true });
  await post(endpoint('update'), { idToken, displayName: name });
  await post(`${apiUrl}/users`, { name, email, role }, { authorization: `Bearer ${idToken}` });
}
