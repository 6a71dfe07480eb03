import { attachApiLayer, injectApiReducer } from './apiLayer';
import { createStoreShell, type RootState } from './storeShell';
import type { AppServices } from './services';

export type { AppDispatch, AppStore, RootState } from './storeShell';

/**
 * The store with its API layer already in: for tests and the prerenderer, which need it at once.
 * The browser starts from the shell and attaches the layer as its chunk arrives (`boot.tsx`).
 */
export function setupStore(services: AppServices, preloadedState?: Partial<RootState>) {
  // First, so that a preloaded API state is kept.
  injectApiReducer();
  const shell = createStoreShell(services, preloadedState);
  attachApiLayer(shell);
  return shell.store;
}
