import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { copy } from '../config/copy';
import { ConfigError, getConfig } from '../config/env';
import { appStarted } from '../features/auth/authSlice';
import { readPreloadedCategories } from '../ssr/preloaded';
import { AppTree } from './AppTree';
import { createServices } from './createServices';
import { createStoreShell } from './storeShell';

const RETRY_LOAD_AFTER_MS = 1000;

function showConfigError(container: HTMLElement, error: ConfigError) {
  const heading = document.createElement('h1');
  heading.textContent = copy.errors.config;
  const detail = document.createElement('pre');
  detail.textContent = `${error.code}: ${error.message}`;
  container.replaceChildren(heading, detail);
}

/** The API layer's chunk, asked for again once if the first try fails (a dropped connection). */
async function loadApiLayer() {
  try {
    return await import(/* webpackChunkName: "api-layer" */ './apiLayer');
  } catch {
    await new Promise((resolve) => setTimeout(resolve, RETRY_LOAD_AFTER_MS));
    return import(/* webpackChunkName: "api-layer" */ './apiLayer');
  }
}

/** Says the app could not start; a prerendered page stays readable below the notice. */
function showLoadError(container: HTMLElement, keepPage: boolean) {
  const notice = document.createElement('p');
  notice.setAttribute('role', 'alert');
  notice.textContent = copy.errors.appLoad;
  if (keepPage) container.prepend(notice);
  else container.replaceChildren(notice);
}

/**
 * Starts the app in `container`: hydrates a prerendered page, renders any other route afresh. The
 * API layer's chunk (preloaded by every page) is attached first, so everything that renders or
 * listens finds the API in the store.
 */
export async function start(container: HTMLElement) {
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
  const shell = createStoreShell(services);
  const { store } = shell;
  const prerendered = container.dataset.prerendered === window.location.pathname;
  let apiLayer;
  try {
    apiLayer = await loadApiLayer();
  } catch (error) {
    showLoadError(container, prerendered);
    console.error(error);
    return;
  }
  apiLayer.startApiLayer(shell);
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
  if (prerendered) {
    const categories = readPreloadedCategories(document);
    if (categories) store.dispatch(apiLayer.preloadCategories(categories));
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

