import type { AppConfig } from '../config/env';
import { firebaseSessionStored, watchFirebaseSessionElsewhere } from '../features/auth/storedSession';
import { createSnackbarNotifier } from '../lib/notifier';
import { saveFile } from '../lib/saveFile';
import { createTokenSync } from '../lib/tokenSync';
import { createLazyAuthService, createNavigationService, createPaymentService, type AppServices } from './services';

/** The real services of the running app. */
export function createServices(config: AppConfig) {
  const navigation = createNavigationService();
  const services: AppServices = {
    auth: createLazyAuthService(async () => {
      const { createFirebaseAuthService } = await import(
        /* webpackChunkName: "firebase-auth" */ '../features/auth/firebaseAuthService'
      );
      return createFirebaseAuthService(config.firebase);
    }, { sessionStored: () => firebaseSessionStored(), watchSessionElsewhere: watchFirebaseSessionElsewhere }),
    payments: createPaymentService(),
    navigation,
    notifier: createSnackbarNotifier(),
    tokenSync: createTokenSync(config.tokenSyncUrl),
    // Read by the live stream's chunk only: fetched with it, not with the app.
    events: {
      connect: async (options) => {
        const { createEventStreamService } = await import(/* webpackChunkName: "live-events" */ '../lib/eventStream');
        return createEventStreamService(config.apiUrl).connect(options);
      },
    },
    files: { save: saveFile },
  };
  return { services, navigation };
}
