import type { AppStartListening } from '../../app/listenerMiddleware';
import { errorMessage } from '../../api/baseApi';
import { copy } from '../../config/copy';
import { adminApi } from './adminApi';

/** The admin feature's side effects: a toast after each role change or delete. */
export function addAdminListeners(startListening: AppStartListening): void {
  startListening({
    matcher: adminApi.endpoints.makeSeller.matchFulfilled,
    effect: ({ payload, meta }, api) => {
      if (payload.modifiedCount > 0) {
        api.extra.notifier.notify(`${meta.arg.originalArgs.name}${copy.admin.makeSellerDone}`, 'success');
      }
    },
  });

  startListening({
    matcher: adminApi.endpoints.verifySeller.matchFulfilled,
    effect: ({ payload, meta }, api) => {
      if (payload.modifiedCount > 0) {
        api.extra.notifier.notify(`${meta.arg.originalArgs.name}${copy.admin.verifyDone}`, 'success');
      }
    },
  });

  startListening({
    matcher: adminApi.endpoints.deleteUser.matchFulfilled,
    effect: ({ payload }, api) => {
      if (payload.deletedCount > 0) api.extra.notifier.notify(copy.admin.deleted, 'success');
    },
  });

  // A role change is a single click with nowhere else to say it failed; the delete dialog shows its own error.
  startListening({
    matcher: adminApi.endpoints.makeSeller.matchRejected,
    effect: (action, api) => {
      if (!action.meta.condition) api.extra.notifier.notify(errorMessage(action.payload, copy.errors.generic), 'error');
    },
  });
  startListening({
    matcher: adminApi.endpoints.verifySeller.matchRejected,
    effect: (action, api) => {
      if (!action.meta.condition) api.extra.notifier.notify(errorMessage(action.payload, copy.errors.generic), 'error');
    },
  });
}
