import type { AppStartListening } from '../../app/listenerMiddleware';
import { sessionStarted } from '../auth/authSlice';
import { roleApi } from './roleApi';
import { rolesFailed, rolesLoaded, rolesRequested } from './roleSlice';
import { loadFailedMessage } from '../../api/errorMessages';
import { copy } from '../../config/copy';

/** Roles come from the server by email once the API token is stored. */
export function addRoleListeners(startListening: AppStartListening): void {
  startListening({
    actionCreator: sessionStarted,
    effect: async ({ payload }, api) => {
      api.cancelActiveListeners();
      api.dispatch(rolesRequested());
      const subscribe = false;
      try {
        const [admin, seller] = await Promise.all([
          api.dispatch(roleApi.endpoints.getIsAdmin.initiate(payload.email, { subscribe, forceRefetch: true })).unwrap(),
          api.dispatch(roleApi.endpoints.getIsSeller.initiate(payload.email, { subscribe, forceRefetch: true })).unwrap(),
        ]);
        api.dispatch(rolesLoaded({ isAdmin: admin.isAdmin, isSeller: seller.isSeller }));
      } catch (error) {
        console.error('could not load roles', error);
        api.dispatch(rolesFailed(loadFailedMessage(error, copy.roles.checkFailed)));
      }
    },
  });
}
