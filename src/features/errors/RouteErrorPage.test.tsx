import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, signedInState } from '../../testing/renderWithProviders';

describe('routing error page', () => {
  it("shows 'Something went to wrong', the status text and a Sign Out link that goes to the login page", async () => {
    const { router, services } = renderApp('/no/such/page', { preloadedState: signedInState() });
    expect(await screen.findByRole('heading', { name: 'Something went to wrong' })).toBeInTheDocument();
    expect(screen.getByText('Not Found')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Sign Out' }));
    expect(services.auth.signOut).toHaveBeenCalled();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it("adds 'Back to home', which goes home without signing out", async () => {
    const { router, services } = renderApp('/dashboard/no/such/page', { preloadedState: signedInState() });
    expect(await screen.findByRole('heading', { name: 'Something went to wrong' })).toBeInTheDocument();
    expect(screen.getByText('Not Found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign Out' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Back to home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(services.auth.signOut).not.toHaveBeenCalled();
  });
});
