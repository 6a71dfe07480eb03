import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './app/AppProviders';
import { createServices } from './app/createServices';
import { AppRoutes, NavigationBinder } from './app/router';
import { setupStore } from './app/store';
import { copy } from './config/copy';
import { ConfigError, getConfig } from './config/env';
import { appStarted } from './features/auth/authSlice';

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
  createRoot(container).render(
    <AppProviders store={store} services={services}>
      <BrowserRouter>
        <NavigationBinder navigation={navigation} />
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>,
  );
  // The identity SDK loads after the first paint.
  requestAnimationFrame(() => setTimeout(() => store.dispatch(appStarted()), 0));
}

start();
