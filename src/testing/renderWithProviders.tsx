import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../app/AppProviders';
import { createTestRouter } from '../app/router';
import { setupStore, type RootState } from '../app/store';
import type { AuthUser } from '../types/entities';
import { createFakeServices, testUser, type FakeServices } from './fakeServices';

interface Options {
  preloadedState?: Partial<RootState>;
  services?: FakeServices;
  route?: string;
}

/** State of a signed-in user whose roles are known. */
export function signedInState(
  roles: { isAdmin?: boolean; isSeller?: boolean } = {},
  user: AuthUser = testUser,
): Partial<RootState> {
  return {
    auth: { user, status: 'signed-in', flowPending: false, error: null },
    role: { isAdmin: roles.isAdmin ?? false, isSeller: roles.isSeller ?? false, loading: false },
  };
}

export function signedOutState(): Partial<RootState> {
  return {
    auth: { user: null, status: 'signed-out', flowPending: false, error: null },
    role: { isAdmin: false, isSeller: false, loading: false },
  };
}

/** Renders one component inside the app's providers and a memory data router (`<Routes>` inside work too). */
export function renderWithProviders(ui: ReactElement, { preloadedState, services = createFakeServices(), route = '/' }: Options = {}) {
  const store = setupStore(services, preloadedState);
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [route] });
  services.navigation.navigate.mockImplementation((to, options) => void router.navigate(to, options));
  const result = render(
    <AppProviders store={store} services={services}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { store, services, router, ...result };
}

/** Renders the whole app's routes at `route`, lazy pages and loaders included. */
export function renderApp(route: string, { preloadedState, services = createFakeServices() }: Omit<Options, 'route'> = {}) {
  const store = setupStore(services, preloadedState);
  const router = createTestRouter(store, [route]);
  services.navigation.navigate.mockImplementation((to, options) => void router.navigate(to, options));
  const result = render(
    <AppProviders store={store} services={services}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { store, services, router, ...result };
}
