import { closeSnackbar, enqueueSnackbar } from 'notistack';
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

export function createSnackbarNotifier(): Notifier {
  return {
    notify: (message, variant = 'default') => {
      enqueueSnackbar(message, { variant, autoHideDuration: TOAST_DURATION_MS[variant] });
    },
    loading: (message) => enqueueSnackbar(message, { variant: 'info', persist: true }),
    close: (key) => closeSnackbar(key),
  };
}
