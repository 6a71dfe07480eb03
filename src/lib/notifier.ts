import type { ProviderContext } from 'notistack';
import type { Notifier, NotifyVariant } from '../app/services';

/** Toast timings of the product. */
export const TOAST_DURATION_MS: Record<NotifyVariant, number> = {
  default: 4000,
  error: 4000,
  success: 2000,
  info: 4000,
  warning: 4000,
};
export const MAX_TOASTS = 20;

export type ToastHost = Pick<ProviderContext, 'enqueueSnackbar' | 'closeSnackbar'>;

// notistack arrives with the first toast asked for (the Toaster mounts it then); toasts asked
// for before it is mounted wait for it instead of getting lost.
let hostMounted: (host: ToastHost) => void = () => undefined;
let host = new Promise<ToastHost>((resolve) => {
  hostMounted = resolve;
});

/** Called by the Toaster once notistack's provider is mounted. */
export function toastHostMounted(mounted: ToastHost): void {
  hostMounted(mounted);
  host = Promise.resolve(mounted);
}

// Whether a toast has been asked for yet: until then the Toaster loads nothing.
let wanted = false;
const wantedListeners = new Set<() => void>();

export const toastsWanted = {
  subscribe(listener: () => void): () => void {
    wantedListeners.add(listener);
    return () => wantedListeners.delete(listener);
  },
  current: (): boolean => wanted,
};

function want(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of wantedListeners) listener();
}

let nextKey = 0;

export function createSnackbarNotifier(): Notifier {
  return {
    notify: (message, variant = 'default') => {
      want();
      void host.then((toasts) => toasts.enqueueSnackbar(message, { variant, autoHideDuration: TOAST_DURATION_MS[variant] }));
    },
    loading: (message) => {
      nextKey += 1;
      const key = `loading-${nextKey}`;
      want();
      void host.then((toasts) => toasts.enqueueSnackbar(message, { key, variant: 'info', persist: true }));
      return key;
    },
    close: (key) => {
      void host.then((toasts) => toasts.closeSnackbar(key));
    },
  };
}
