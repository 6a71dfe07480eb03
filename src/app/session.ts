import type { AppStore, RootState } from './store';

const settled = (state: RootState) =>
  state.auth.status === 'signed-out' || (state.auth.status === 'signed-in' && !state.role.loading);

/**
 * Resolves once the user and the roles are known, so a route loader can fetch
 * with the API token in place (or leave the redirect to the guard).
 */
export function waitForSession(store: AppStore): Promise<RootState> {
  return new Promise((resolve) => {
    if (settled(store.getState())) {
      resolve(store.getState());
      return;
    }
    const unsubscribe = store.subscribe(() => {
      const state = store.getState();
      if (settled(state)) {
        unsubscribe();
        resolve(state);
      }
    });
  });
}
