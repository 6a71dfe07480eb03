import { cleanup } from '@testing-library/react';
import { baseApi } from '../api/baseApi';
import type { AppStore } from '../app/store';

/*
 * Stores a test built. After each test the screen is unmounted and their API state reset,
 * which clears RTK Query's timers for unused data (five minutes each): left running, they kept
 * jest's process alive for up to five minutes after the last test.
 */
const stores = new Set<AppStore>();

export function trackStore<S extends AppStore>(store: S): S {
  stores.add(store);
  return store;
}

export function resetTrackedStores(): void {
  cleanup();
  for (const store of stores) store.dispatch(baseApi.util.resetApiState());
  stores.clear();
}
