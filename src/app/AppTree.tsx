import type { ReactNode } from 'react';
import { AppProviders } from './AppProviders';
import { RouteAnnouncer } from './RouteAnnouncer';
import { AppRoutes, NavigationBinder } from './router';
import type { AppServices, NavigationService } from './services';
import type { AppStore, RootState } from './store';

type BindableNavigation = NavigationService & { bind(fn: NavigationService['navigate']): void };

interface Props {
  store: AppStore;
  services: AppServices;
  navigation: BindableNavigation;
  /** BrowserRouter in the browser, StaticRouter when prerendering: the same tree inside either. */
  router: (children: ReactNode) => ReactNode;
  /**
   * When hydrating: the state the HTML was rendered from. Until hydration is done the store is
   * read as it was then, so a change meanwhile (the identity SDK reporting, say) cannot make the
   * first render differ from the HTML; it shows right after.
   */
  serverState?: RootState;
}

/** The whole app. The browser and the prerenderer render exactly this, so hydration matches. */
export function AppTree({ store, services, navigation, router, serverState }: Props) {
  return (
    <AppProviders store={store} services={services} serverState={serverState}>
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
