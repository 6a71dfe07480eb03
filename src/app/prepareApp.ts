import { setupListeners } from '@reduxjs/toolkit/query';
import { ConfigError, getConfig } from '../config/env';
import { preloadEntries, readPreloadedEntries } from '../ssr/preloaded';
import { attachApiLayer } from './apiLayer';
import { createServices } from './createServices';
import { createStoreShell, type AppStore } from './storeShell';

type Started = ReturnType<typeof createServices> & {
  store: AppStore;
  /** Hydrating, settled once the data the page was rendered with is all in the cache (a seller's reviews come with their page's code). */
  preloaded?: Promise<void>;
};

/** What the app starts from, or why its settings are wrong (shown instead of the app). */
export type PreparedApp = ({ configError?: undefined } & Started) | { configError: ConfigError };

/**
 * The browser's app before it renders (the chunk `app-layer`, which every page preloads): its
 * settings read, its services made, its store with the API layer attached, and the API's refetch
 * when the connection or focus comes back. A page to hydrate puts the data it was rendered with
 * (the home page's categories, a book, a seller, a search) into the cache first, so the app's first render matches the HTML.
 */
export function prepareApp({ hydrating }: { hydrating: boolean }): PreparedApp {
  let config;
  try {
    config = getConfig();
  } catch (error) {
    if (error instanceof ConfigError) return { configError: error };
    throw error;
  }
  const { services, navigation } = createServices(config);
  const shell = createStoreShell(services);
  attachApiLayer(shell);
  setupListeners(shell.store.dispatch);
  // A seller's reviews go in as their page's code arrives (preloaded.ts).
  const preloaded = hydrating ? preloadEntries(shell.store.dispatch, readPreloadedEntries(document)) : undefined;
  return { store: shell.store, services, navigation, preloaded };
}
