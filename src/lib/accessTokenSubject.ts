import { readAccessToken } from './tokenStorage';

/**
 * The signed-in user's id: the subject of the API access token (a JWT, subject = user id), or
 * null without a readable token. Read only to tell one's own things apart (one's own book, one's
 * own messages); the API checks every right itself.
 */
export function accessTokenSubject(token: string | null = readAccessToken()): string | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '='));
    const sub: unknown = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' && sub !== '' ? sub : null;
  } catch {
    return null;
  }
}
