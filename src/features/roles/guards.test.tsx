import { screen } from '@testing-library/react';
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
  role: { isAdmin: false, isSeller: false, loading: true },
};
const loadingRoles: Partial<RootState> = {
  ...signedInState(),
  role: { isAdmin: false, isSeller: false, loading: true },
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
      expect(screen.getByText('login page, from /dashboard/secret?tab=2')).toBeInTheDocument();
    }
  });
});
