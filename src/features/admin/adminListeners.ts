import type { AppStartListening } from '../../app/listenerMiddleware';

/** The admin feature's side effects (toasts, navigation after its calls). */
export function addAdminListeners(_startListening: AppStartListening): void {}
