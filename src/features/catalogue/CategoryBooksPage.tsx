import type { AppStore } from '../../app/store';

export function Component() {
  return null;
}

export function makeLoader(_store: AppStore) {
  return () => null;
}
