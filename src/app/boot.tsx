import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { copy } from '../config/copy';
import type { ConfigError } from '../config/env';
import { appStarted } from '../features/auth/authSlice';
import { yieldToMain } from '../lib/yieldToMain';
import { AppTree } from './AppTree';
import { preloadRoute } from './router';

const RETRY_LOAD_AFTER_MS = 1000;

function showConfigError(container: HTMLElement, error: ConfigError) {
  const heading = document.createElement('h1');
  heading.textContent = copy.errors.config;
  const detail = document.createElement('pre');
  detail.textContent = `${error.code}: ${error.message}`;
  container.replaceChildren(heading, detail);
}

/*
 * The chunk that prepares the app (app-layer) is evaluated in slices too, as index.tsx does the
 * main script's: RTK Query, then the API itself, then its endpoints with the listeners, then the
 * settings and services, with the browser free to paint and take input between them. The first
 * slice asks for the whole chunk (every page has preloaded it); a failed load is tried once more.
 */
const LAYER_SLICES: Array<() => Promise<unknown>> = [
  () => import(/* webpackChunkName: "app-layer", webpackExports: ["createApi", "fetchBaseQuery", "retry"] */ '@reduxjs/toolkit/query/react'),
  () => import(/* webpackChunkName: "app-layer" */ '../api/baseApi'),
  () => import(/* webpackChunkName: "app-layer" */ './apiLayer'),
];

async function loadPrepareApp() {
  const [first, ...rest] = LAYER_SLICES;
  try {
    await first();
  } catch {
    await new Promise((resolve) => setTimeout(resolve, RETRY_LOAD_AFTER_MS));
    await first();
  }
  for (const slice of rest) {
    await yieldToMain();
    await slice();
  }
  await yieldToMain();
  const layer = await import(/* webpackChunkName: "app-layer" */ './prepareApp');
  await yieldToMain();
  return layer;
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
 * settings, the services and the store's API layer come first, in a chunk every page preloads
 * (`prepareApp.ts`), so everything that renders or listens finds them there.
 */
export async function start(container: HTMLElement) {
  const prerendered = container.dataset.prerendered === window.location.pathname;
  // A route rendered afresh (a dashboard page) asks for its chunks while the app layer loads.
  const routeReady = prerendered ? undefined : preloadRoute(window.location.pathname);
  let layer;
  try {
    layer = await loadPrepareApp();
  } catch (error) {
    showLoadError(container, prerendered);
    console.error(error);
    return;
  }
  const app = layer.prepareApp({ hydrating: prerendered });
  if (app.configError) {
    showConfigError(container, app.configError);
    console.error(app.configError);
    return;
  }
  const { store, services, navigation } = app;
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
    // The state hydration reads is the one the HTML was rendered from: with every answer in it,
    // a seller's reviews too, whose code the page's HTML preloads (the page waits for it anyway).
    await app.preloaded;
    const renderedFrom = store.getState();
    // As a transition, hydration yields to the browser every few milliseconds instead of
    // holding the main thread until the whole page is live.
    startTransition(() => {
      hydrateRoot(container, tree(renderedFrom), {
        onRecoverableError: (error, info) => console.error('hydration', error, info.componentStack),
      });
    });
  } else {
    await routeReady;
    container.replaceChildren();
    createRoot(container).render(tree());
  }
  // The identity SDK loads after the first paint.
  requestAnimationFrame(() => setTimeout(() => store.dispatch(appStarted()), 0));
}

