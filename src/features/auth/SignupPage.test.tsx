import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import configureStore from 'redux-mock-store';
import type { RootState } from '../../app/store';
import { renderWithProviders, signedOutState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import { confirmationCheckRequested, googleSignInRequested, signOutRequested, signupRequested } from './authSlice';
import { Component as SignupPage } from './SignupPage';

const mockStore = configureStore<Partial<RootState>>([]);

function renderWithMockStore() {
  const store = mockStore(signedOutState());
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/signup']}>
        <SignupPage />
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

describe('sign-up page', () => {
  it('loads the identity SDK when the form is first touched, not on show (the role select holds a value of its own)', async () => {
    const { services } = renderWithProviders(<SignupPage />, { preloadedState: signedOutState(), route: '/signup' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(services.auth.warmUp).not.toHaveBeenCalled();
    await userEvent.click(screen.getByLabelText('Name'));
    expect(services.auth.warmUp).toHaveBeenCalledTimes(1);
  });

  it('has name, email, password and a role select with Buyer and seller', async () => {
    renderWithMockStore();
    expect(screen.getByLabelText('Name')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    const role = screen.getByRole('combobox', { name: 'Role' });
    const options = within(role).getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Buyer', 'seller']);
    expect(role).toHaveValue('Buyer');
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
  });

  it('requires email and password with the log-in messages; name has no rule', async () => {
    const store = renderWithMockStore();
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Email address required')).toBeInTheDocument();
    expect(screen.getByText('password is required')).toBeInTheDocument();
    expect(store.getActions().filter((action) => action.type === signupRequested.type)).toHaveLength(0);
  });

  it('dispatches the sign-up with the chosen role', async () => {
    const store = renderWithMockStore();
    await userEvent.type(screen.getByLabelText('Name'), 'Sam Seller');
    await userEvent.type(screen.getByLabelText('Email'), 'sam@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret123');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'seller');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() =>
      expect(store.getActions()).toContainEqual(
        signupRequested({ name: 'Sam Seller', email: 'sam@example.com', password: 'secret123', role: 'seller' }),
      ),
    );
  });

  it('offers Google with the chosen role', async () => {
    const store = renderWithMockStore();
    await userEvent.click(screen.getByRole('button', { name: 'continue with Google' }));
    expect(store.getActions()).toContainEqual(googleSignInRequested({ role: 'Buyer' }));
  });

  it("shows the provider's failure in red, as a plain sentence", async () => {
    const { services } = renderWithProviders(<SignupPage />, { preloadedState: signedOutState(), route: '/signup' });
    services.auth.signUp.mockRejectedValueOnce(new Error('Firebase: Password should be at least 6 characters (auth/weak-password).'));
    await userEvent.type(screen.getByLabelText('Email'), 'sam@example.com');
    await userEvent.type(screen.getByLabelText('Password'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Choose a password of at least 6 characters\.$/);
  });

  it('an address that has an account already offers to log in instead', async () => {
    const { services } = renderWithProviders(<SignupPage />, { preloadedState: signedOutState(), route: '/signup' });
    services.auth.signUp.mockRejectedValueOnce(Object.assign(new Error('Firebase: Error (auth/email-already-in-use).'), { code: 'auth/email-already-in-use' }));
    await userEvent.type(screen.getByLabelText('Email'), 'sam@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('An account with this email already exists. Log in instead?');
    expect(within(alert).getByRole('link', { name: 'Log in instead?' })).toHaveAttribute('href', '/login');
  });

  it('after sign-up, asks the user to confirm the address, and carries on once they have', async () => {
    server.use(
      http.post(`${API}/users`, () => HttpResponse.json({ acknowledged: true, insertedId: 'u1' })),
      http.get(`${API}/jwt`, () => HttpResponse.json({ accessToken: 'api-token-1' })),
      http.get(`${API}/users/:role/:email`, () => HttpResponse.json({ isAdmin: false, isSeller: true })),
    );
    const { services } = renderWithProviders(<SignupPage />, { preloadedState: signedOutState(), route: '/signup' });
    await userEvent.type(screen.getByLabelText('Name'), 'Sam Seller');
    await userEvent.type(screen.getByLabelText('Email'), 'sam@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Check your inbox to confirm sam@example.com');
    expect(screen.getByRole('heading', { name: 'Confirm your email' })).toBeInTheDocument();
    services.auth.confirmEmail('sam@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'I have confirmed it' }));
    await waitFor(() => expect(services.navigation.navigate).toHaveBeenCalledWith('/', { replace: true }));
  });

  it('the confirmation notice checks now, or gives up, by keyboard', async () => {
    const store = mockStore({ ...signedOutState(), auth: { ...signedOutState().auth!, flowPending: true, awaitingConfirmation: 'sam@example.com' } });
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={['/signup']}>
          <SignupPage />
        </MemoryRouter>
      </Provider>,
    );
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'I have confirmed it' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.tab();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Use another account' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(store.getActions().map((action) => action.type)).toEqual([
      'auth/errorCleared',
      confirmationCheckRequested.type,
      signOutRequested.type,
    ]);
  });
});
