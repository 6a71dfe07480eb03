import type { AppConfig } from '../config/env';
import { firebaseSessionStored, watchFirebaseSessionElsewhere } from '../features/auth/storedSession';
import { createEventStreamService } from '../lib/eventStream';
import { createSnackbarNotifier } from '../lib/notifier';
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
    events: createEventStreamService(config.apiUrl),
  };
  return { services, navigation };
}
