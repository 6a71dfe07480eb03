import { screen } from '@testing-library/react';
import { copy } from '../config/copy';
import { renderApp, signedInState } from '../testing/renderWithProviders';
import type { RootState } from './store';

const loadingUser: Partial<RootState> = {
  auth: { user: null, status: 'loading', flowPending: false, error: null, awaitingConfirmation: null },
  role: { isAdmin: false, isSeller: false, loading: true, error: null },
};

describe('dashboard routes', () => {
  it.each(['/dashboard', '/dashboard/myproducts', '/dashboard/allseller', '/dashboard/payment/b1'])(
    '%s shows the navbar and the dashboard menu while the user and roles load, not a bare progress bar',
    async (route) => {
      renderApp(route, { preloadedState: loadingUser });
      // The side menu (or its drawer) is there: the layout rendered.
      expect((await screen.findAllByRole('link', { name: copy.menu.myOrders, hidden: true })).length).toBeGreaterThan(0);
      expect(screen.getAllByRole('link', { name: copy.nav.home }).length).toBeGreaterThan(0);
      expect(screen.getByRole('progressbar', { name: copy.loading })).toBeInTheDocument();
    },
  );

  it('tells a signed-in buyer opening a seller page that it needs a seller account, inside the dashboard', async () => {
    renderApp('/dashboard/myproducts', { preloadedState: signedInState() });
    expect(await screen.findByRole('heading', { name: copy.roles.needSeller })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: copy.roles.backHome })).toHaveAttribute('href', '/');
    expect(screen.getAllByRole('link', { name: copy.menu.myOrders, hidden: true }).length).toBeGreaterThan(0);
  });

  it('tells a signed-in buyer opening an admin page that it needs an admin account', async () => {
    renderApp('/dashboard/allbuyer', { preloadedState: signedInState() });
    expect(await screen.findByRole('heading', { name: copy.roles.needAdmin })).toBeInTheDocument();
  });
});
