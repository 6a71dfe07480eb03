import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import configureStore from 'redux-mock-store';
import type { RootState } from '../../app/store';
import { renderWithProviders, signedOutState } from '../../testing/renderWithProviders';
import { Component as LoginPage } from './LoginPage';
import { googleSignInRequested, loginRequested, signInFormEngaged } from './authSlice';

const mockStore = configureStore<Partial<RootState>>([]);

function renderWithMockStore(from?: string) {
  const store = mockStore(signedOutState());
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[{ pathname: '/login', state: from ? { from } : null }]}>
        <LoginPage />
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

describe('log-in page', () => {
  it('shows the two required-field messages and dispatches nothing', async () => {
    const store = renderWithMockStore();
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('Email address required')).toBeInTheDocument();
    expect(screen.getByText('password is required')).toBeInTheDocument();
    expect(store.getActions().filter((action) => action.type === loginRequested.type)).toHaveLength(0);
  });

  it('says once that the form was engaged, when it is first focused, so the identity SDK can load', async () => {
    const store = renderWithMockStore();
    const engaged = () => store.getActions().filter((action) => action.type === signInFormEngaged.type);
    expect(engaged()).toHaveLength(0);
    await userEvent.click(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'r');
    await userEvent.click(screen.getByLabelText('Password'));
    expect(engaged()).toHaveLength(1);
  });

  it('loads the identity SDK when the form is first touched, not before', async () => {
    const { services } = renderWithProviders(<LoginPage />, { preloadedState: signedOutState(), route: '/login' });
    expect(services.auth.warmUp).not.toHaveBeenCalled();
    await userEvent.click(screen.getByLabelText('Email'));
    expect(services.auth.warmUp).toHaveBeenCalledTimes(1);
  });

  it('has an email-typed email input', () => {
    renderWithMockStore();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
  });

  it('dispatches the log-in with where the user came from', async () => {
    const store = renderWithMockStore('/bookCatagoriesId/fiction');
    await userEvent.type(screen.getByLabelText('Email'), 'reader@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() =>
      expect(store.getActions()).toContainEqual(
        loginRequested({ email: 'reader@example.com', password: 'secret123', from: '/bookCatagoriesId/fiction' }),
      ),
    );
  });

  it("continues with Google and links to sign-up", async () => {
    const store = renderWithMockStore('/dashboard');
    await userEvent.click(screen.getByRole('button', { name: 'continue with Google' }));
    expect(store.getActions()).toContainEqual(googleSignInRequested({ from: '/dashboard' }));
    expect(screen.getByRole('link', { name: 'Create new account' })).toHaveAttribute('href', '/signup');
  });

  it("shows the identity provider's failure in red under the form, in a plain sentence", async () => {
    const { services } = renderWithProviders(<LoginPage />, { preloadedState: signedOutState(), route: '/login' });
    services.auth.signIn.mockRejectedValueOnce(new Error('Firebase: Error (auth/invalid-credential).'));
    await userEvent.type(screen.getByLabelText('Email'), 'reader@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Wrong email or password\.$/);
    expect(alert.className).toMatch(/Error/);
  });
});
