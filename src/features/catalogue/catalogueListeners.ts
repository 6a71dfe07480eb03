import type { AppStartListening } from '../../app/listenerMiddleware';

/** The catalogue feature's side effects (toasts, navigation after its calls). */
export function addCatalogueListeners(_startListening: AppStartListening): void {}
