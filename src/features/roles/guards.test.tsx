import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { API, server } from '../../testing/server';
import { Route, Routes, useLocation } from 'react-router-dom';
import { renderWithProviders, signedInState, signedOutState } from '../../testing/renderWithProviders';
import type { RootState } from '../../app/store';
import { RequireAdmin, RequireAuth, RequireSeller } from './guards';

function LoginProbe() {
  const state = useLocation().state as { from?: string } | null;
  return <p>login page, from {state?.from ?? 'nowhere'}</p>;
}

function renderGuarded(guard: 'auth' | 'admin' | 'seller', preloadedState: Partial<RootState>) {
  const Guard = { auth: RequireAuth, admin: RequireAdmin, seller: RequireSeller }[guard];
  return renderWithProviders(
    <Routes>
      <Route path="/login" element={<LoginProbe />} />
      <Route
        path="/dashboard/secret"
        element={
          <Guard>
            <p>secret content</p>
          </Guard>
        }
      />
    </Routes>,
    { preloadedState, route: '/dashboard/secret?tab=2' },
  );
}

const loadingUser: Partial<RootState> = {
  auth: { user: null, status: 'loading', flowPending: false, error: null, awaitingConfirmation: null },
  role: { isAdmin: false, isSeller: false, loading: true, error: null },
};
const loadingRoles: Partial<RootState> = {
  ...signedInState(),
  role: { isAdmin: false, isSeller: false, loading: true, error: null },
};

describe.each(['auth', 'admin', 'seller'] as const)('the %s guard', (guard) => {
  it('shows a progress bar while the user is loading', () => {
    renderGuarded(guard, loadingUser);
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(screen.queryByText('secret content')).not.toBeInTheDocument();
  });

  it('shows a progress bar while the roles are loading', () => {
    renderGuarded(guard, loadingRoles);
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
  });

  it('sends a signed-out visitor to /login, remembering the location', () => {
    renderGuarded(guard, signedOutState());
    expect(screen.getByText('login page, from /dashboard/secret?tab=2')).toBeInTheDocument();
  });
});

describe('who passes', () => {
  it.each([
    ['auth', {}, true],
    ['admin', {}, false],
    ['admin', { isSeller: true }, false],
    ['admin', { isAdmin: true }, true],
    ['seller', {}, false],
    ['seller', { isAdmin: true }, false],
    ['seller', { isSeller: true }, true],
  ] as const)('%s guard with roles %p lets through: %p', (guard, roles, allowed) => {
    renderGuarded(guard, signedInState(roles));
    if (allowed) {
      expect(screen.getByText('secret content')).toBeInTheDocument();
    } else {
      expect(screen.queryByText('secret content')).not.toBeInTheDocument();
      // Signed in: the log-in form would be no answer.
      expect(screen.queryByText(/login page/)).not.toBeInTheDocument();
    }
  });

  it.each([
    ['seller', 'You need a seller account for this page'],
    ['admin', 'You need an admin account for this page'],
  ] as const)('tells a signed-in user without the %s role so, with a way home', (guard, message) => {
    renderGuarded(guard, signedInState());
    expect(screen.getByRole('heading', { name: message })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });
});

describe('a role check that failed', () => {
  const failedCheck = (): Partial<RootState> => ({
    ...signedInState(),
    role: { isAdmin: false, isSeller: false, loading: false, error: 'Your account could not be checked. The shop could not be reached. Check your connection, then retry.' },
  });

  it.each(['auth', 'admin', 'seller'] as const)('%s guard: says so with Retry, never sends the user to log in', (guard) => {
    renderGuarded(guard, failedCheck());
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your account could not be checked. The shop could not be reached. Check your connection, then retry.',
    );
    expect(screen.queryByText(/login page/)).not.toBeInTheDocument();
    expect(screen.queryByText('secret content')).not.toBeInTheDocument();
  });

  it('Retry asks for a new API token and the roles, and lets the seller through once they come', async () => {
    const user = userEvent.setup();
    server.use(
      http.get(`${API}/jwt`, () => HttpResponse.json({ accessToken: 'fresh' })),
      http.get(`${API}/users/admin/:email`, () => HttpResponse.json({ isAdmin: false })),
      http.get(`${API}/users/seller/:email`, () => HttpResponse.json({ isSeller: true })),
    );
    const { services } = renderGuarded('seller', failedCheck());
    services.auth.getIdToken.mockResolvedValue('id-token');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('secret content')).toBeInTheDocument();
    expect(localStorage.getItem('accessToken')).toBe('fresh');
  });
});
