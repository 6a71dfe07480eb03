import { setupListeners } from '@reduxjs/toolkit/query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { preloadCategories } from './api/categoriesApi';
import { AppTree } from './app/AppTree';
import { createServices } from './app/createServices';
import { setupStore } from './app/store';
import { copy } from './config/copy';
import { ConfigError, getConfig } from './config/env';
import { appStarted } from './features/auth/authSlice';
import { watchTypingBeforeHydration } from './lib/typedBeforeHydration';
import { readPreloadedCategories } from './ssr/preloaded';

function showConfigError(container: HTMLElement, error: ConfigError) {
  const heading = document.createElement('h1');
  heading.textContent = copy.errors.config;
  const detail = document.createElement('pre');
  detail.textContent = `${error.code}: ${error.message}`;
  container.replaceChildren(heading, detail);
}

function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
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
    watchTypingBeforeHydration(container);
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

start();
