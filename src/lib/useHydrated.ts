import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while the app renders to HTML and while the browser hydrates that HTML; true once the
 * page's handlers are attached (and at once when the app starts without prerendered HTML).
 * Controls that would do something else before then (a form's native submit) wait for it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
