import { screen } from '@testing-library/react';
import { copy } from '../config/copy';
import { renderApp, signedInState } from '../testing/renderWithProviders';
import { preloadRoute } from './router';

/*
 * A file of its own: the dashboard's chunks load once per module registry, and this test needs
 * them not loaded yet when it starts.
 */
describe('preloadRoute', () => {
  it('hands the layout and guards of a dashboard URL to its first render, which shows the dashboard at once', async () => {
    // The modules compiled first (a busy machine can take longer than preloadRoute waits for).
    await Promise.all([import('../layouts/DashboardLayout'), import('../features/roles/guards')]);
    await preloadRoute('/dashboard/myproducts');
    renderApp('/dashboard/myproducts', { preloadedState: signedInState() });
    // No await: the layout rendered in the first render. A lazy component whose module is there
    // still suspends on its first render, unless preloadRoute has handed it over.
    expect(screen.getAllByRole('link', { name: copy.menu.myOrders, hidden: true }).length).toBeGreaterThan(0);
    expect(await screen.findByRole('heading', { name: copy.roles.needSeller })).toBeInTheDocument();
  });

  it('does nothing for a URL outside the dashboard', async () => {
    await expect(preloadRoute('/books/b1')).resolves.toBeUndefined();
  });
});
