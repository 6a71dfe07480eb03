import type { AppStartListening } from '../../app/listenerMiddleware';

/** The products feature's side effects (toasts, navigation after its calls). */
export function addProductListeners(_startListening: AppStartListening): void {}
