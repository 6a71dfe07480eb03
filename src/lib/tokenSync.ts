import type { TokenSync } from '../app/services';

/** Mirrors the signed-in state to a configured URL; does nothing when none is set. */
export function createTokenSync(url: string | undefined, fetchImpl: typeof fetch = (...args) => fetch(...args)): TokenSync {
  if (!url) {
    return { signedIn: async () => undefined, signedOut: async () => undefined };
  }
  return {
    signedIn: async (idToken) => {
      await fetchImpl(url, { method: 'POST', headers: { authorization: `Bearer ${idToken}` }, credentials: 'include' });
    },
    signedOut: async () => {
      await fetchImpl(url, { method: 'DELETE', credentials: 'include' });
    },
  };
}
