import { setupListeners } from '@reduxjs/toolkit/query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { preloadCategories } from '../api/categoriesApi';
import { copy } from '../config/copy';
import { ConfigError, getConfig } from '../config/env';
import { appStarted } from '../features/auth/authSlice';
import { readPreloadedCategories } from '../ssr/preloaded';
import { AppTree } from './AppTree';
import { createServices } from './createServices';
import { setupStore } from './store';

function showConfigError(container: HTMLElement, error: ConfigError) {
  const heading = document.createElement('h1');
  heading.textContent = copy.errors.config;
  const detail = document.createElement('pre');
  detail.textContent = `${error.code}: ${error.message}`;
  container.replaceChildren(heading, detail);
}

/** Starts the app in `container`: hydrates a prerendered page, renders any other route afresh. */
export function start(container: HTMLElement) {
  let config;
  try {
    config = getConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      showConfigError(container, error);
      console.error(error);
      return;
    }
    throw error;
  }
  const { services, navigation } = createServices(config);
  const store = setupStore(services);
  // Online/offline and focus events, for the API's refetch when the connection comes back.
  setupListeners(store.dispatch);
  const tree = (serverState?: ReturnType<typeof store.getState>) => (
    <AppTree
      store={store}
      services={services}
      navigation={navigation}
      router={(children) => <BrowserRouter>{children}</BrowserRouter>}
      serverState={serverState}
    />
  );
  // A page prerendered to HTML (see src/ssr/README.md) is hydrated, with the data it was
  // rendered with; any other route starts from the empty shell.
  if (container.dataset.prerendered === window.location.pathname) {
    const categories = readPreloadedCategories(document);
    if (categories) store.dispatch(preloadCategories(categories));
    const renderedFrom = store.getState();
    // As a transition, hydration yields to the browser every few milliseconds instead of
    // holding the main thread until the whole page is live.
    startTransition(() => {
      hydrateRoot(container, tree(renderedFrom), {
        onRecoverableError: (error, info) => console.error('hydration', error, info.componentStack),
      });
    });
  } else {
    container.replaceChildren();
    createRoot(container).render(tree());
  }
  // The identity SDK loads after the first paint.
  requestAnimationFrame(() => setTimeout(() => store.dispatch(appStarted()), 0));
}

