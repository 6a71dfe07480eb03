import { act, render } from '@testing-library/react';
import { useEffect, type ReactElement } from 'react';
import { MemoryRouter, useLocation, useNavigate, type Location, type NavigateOptions } from 'react-router-dom';
import { AppProviders } from '../app/AppProviders';
import { AppRoutes } from '../app/router';
import { setupStore, type RootState } from '../app/store';
import type { AuthUser } from '../types/entities';
import { createFakeServices, testUser, type FakeServices } from './fakeServices';
import { trackStore } from './storeRegistry';

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
    auth: { user, status: 'signed-in', flowPending: false, error: null, awaitingConfirmation: null },
    role: { isAdmin: roles.isAdmin ?? false, isSeller: roles.isSeller ?? false, loading: false, error: null },
  };
}

export function signedOutState(): Partial<RootState> {
  return {
    auth: { user: null, status: 'signed-out', flowPending: false, error: null, awaitingConfirmation: null },
    role: { isAdmin: false, isSeller: false, loading: false, error: null },
  };
}

/** The memory router as a test sees it: where it is, and a way to move. */
export interface TestRouter {
  state: { location: Location };
  navigate(to: string, options?: NavigateOptions): void;
}

function createTestRouterHandle() {
  let location: Location | undefined;
  let navigateFn: ((to: string, options?: NavigateOptions) => void) | undefined;
  const handle: TestRouter = {
    get state() {
      if (!location) throw new Error('the router has not rendered yet');
      return { location };
    },
    navigate: (to, options) => {
      if (!navigateFn) throw new Error('the router has not rendered yet');
      const go = navigateFn;
      act(() => go(to, options));
    },
  };
  function Probe() {
    const current = useLocation();
    const navigate = useNavigate();
    location = current;
    useEffect(() => {
      navigateFn = (to, options) => void navigate(to, options);
    }, [navigate]);
    return null;
  }
  return { handle, Probe };
}

function renderInRouter(content: ReactElement, { preloadedState, services = createFakeServices(), route = '/' }: Options) {
  const store = trackStore(setupStore(services, preloadedState));
  const { handle, Probe } = createTestRouterHandle();
  services.navigation.navigate.mockImplementation((to, options) => handle.navigate(to, options));
  const result = render(
    <AppProviders store={store} services={services} toaster={null}>
      <MemoryRouter initialEntries={[route]}>
        <Probe />
        {content}
      </MemoryRouter>
    </AppProviders>,
  );
  return { store, services, router: handle, ...result };
}

/** Renders one component inside the app's providers and a memory router (`<Routes>` inside work too). */
export function renderWithProviders(ui: ReactElement, options: Options = {}) {
  return renderInRouter(ui, options);
}

/** Renders the whole app's routes at `route`: guards, lazy pages and their data loading included. */
export function renderApp(route: string, options: Omit<Options, 'route'> = {}) {
  return renderInRouter(<AppRoutes />, { ...options, route });
}
