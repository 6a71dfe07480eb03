import type { ReactNode } from 'react';
import { AppProviders } from './AppProviders';
import { RouteAnnouncer } from './RouteAnnouncer';
import { AppRoutes, NavigationBinder } from './router';
import type { AppServices, NavigationService } from './services';
import type { AppStore } from './store';

type BindableNavigation = NavigationService & { bind(fn: NavigationService['navigate']): void };

interface Props {
  store: AppStore;
  services: AppServices;
  navigation: BindableNavigation;
  /** BrowserRouter in the browser, StaticRouter when prerendering: the same tree inside either. */
  router: (children: ReactNode) => ReactNode;
}

/** The whole app. The browser and the prerenderer render exactly this, so hydration matches. */
export function AppTree({ store, services, navigation, router }: Props) {
  return (
    <AppProviders store={store} services={services}>
      {router(
        <>
          <NavigationBinder navigation={navigation} />
          <AppRoutes />
          <RouteAnnouncer />
        </>,
      )}
    </AppProviders>
  );
}
