import { ThemeProvider } from '@mui/material/styles';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { legacy_configureStore as configureMockStore } from 'redux-mock-store';
import { ServicesContext } from '../../app/servicesContext';
import type { RootState } from '../../app/store';
import { copy } from '../../config/copy';
import { createFakeServices, testUser } from '../../testing/fakeServices';
import { signedInState } from '../../testing/renderWithProviders';
import { theme } from '../../theme';
import { CheckoutForm } from './CheckoutForm';
import {
  createFakeStripe,
  Elements,
  fakeCardElement,
  INVALID_CARD_INPUT,
  INVALID_CARD_MESSAGE,
  type FakeStripe,
} from './fakeStripe';
import { payRequested, type PaymentState } from './paymentSlice';

jest.mock('@stripe/react-stripe-js', () => jest.requireActual('./fakeStripe'));

type FormState = Pick<RootState, 'auth' | 'role' | 'payment'>;
const mockStore = configureMockStore<FormState>([]);

const idle: PaymentState = { bookingId: null, status: 'idle', error: null, transactionId: null, paidAt: null };

function renderForm({ clientSecret = 'pi_1_secret' as string | null, payment = idle } = {}) {
  const stripe: FakeStripe = createFakeStripe();
  const store = mockStore({ ...(signedInState() as Pick<RootState, 'auth' | 'role'>), payment });
  const services = createFakeServices();
  const view = (secret: string | null) => (
    <Provider store={store}>
      <ServicesContext.Provider value={services}>
        <ThemeProvider theme={theme}>
          <Elements stripe={Promise.resolve(stripe)}>
            <CheckoutForm bookingId="b1" resale_price={12} clientSecret={secret} />
          </Elements>
        </ThemeProvider>
      </ServicesContext.Provider>
    </Provider>
  );
  const result = render(view(clientSecret));
  return { ...result, store, services, stripe, setSecret: (secret: string) => result.rerender(view(secret)) };
}

const payButton = () => screen.getByRole('button', { name: copy.payment.pay });

describe('CheckoutForm', () => {
  it('keeps Pay disabled until the client secret arrives, then asks the pay flow with the exact request', async () => {
    const user = userEvent.setup();
    const { store, setSecret, services } = renderForm({ clientSecret: null });
    await waitFor(() => expect(services.payments.current()).not.toBeNull());
    expect(payButton()).toBeDisabled();

    setSecret('pi_1_secret');
    expect(payButton()).toBeEnabled();
    await user.click(payButton());

    expect(store.getActions()).toEqual([
      payRequested({
        bookingId: 'b1',
        clientSecret: 'pi_1_secret',
        resale_price: 12,
        name: testUser.displayName!,
        email: testUser.email!,
      }),
    ]);
  });

  it('keeps Pay disabled until Stripe is ready', async () => {
    const { services } = renderForm();
    // The stripe promise has not resolved on the first render.
    expect(payButton()).toBeDisabled();
    await waitFor(() => expect(payButton()).toBeEnabled());
    expect(services.payments.current()).not.toBeNull();
  });

  it('disables Pay and says so while the payment is processing', async () => {
    const { store } = renderForm({ payment: { ...idle, bookingId: 'b1', status: 'processing' } });
    await act(async () => undefined);
    expect(payButton()).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent(copy.payment.processing);
    expect(store.getActions()).toEqual([]);
  });

  it('shows a failed payment in red with Pay enabled again', async () => {
    renderForm({ payment: { ...idle, bookingId: 'b1', status: 'failed', error: 'Your card was declined.' } });
    await waitFor(() => expect(payButton()).toBeEnabled());
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Your card was declined.');
    expect(alert).toHaveStyle({ color: theme.palette.error.main });
  });

  it("shows the card field's own error in red and clears it once the card is fixed", async () => {
    const user = userEvent.setup();
    renderForm();
    const card = screen.getByRole('textbox', { name: 'Card number' });
    expect(JSON.parse(card.getAttribute('data-options')!)).toMatchObject({ hidePostalCode: true });

    await user.type(card, INVALID_CARD_INPUT);
    expect(screen.getByRole('alert')).toHaveTextContent(INVALID_CARD_MESSAGE);
    await user.type(card, '4242');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('hands the pay flow a card session that drives Stripe, and takes it back on unmount', async () => {
    const { services, stripe, unmount } = renderForm();
    await waitFor(() => expect(services.payments.current()).not.toBeNull());
    const session = services.payments.current()!;

    await expect(session.createPaymentMethod({ name: 'Rita Reader', email: testUser.email! })).resolves.toEqual({
      ok: true,
      value: { id: 'pm_fake_1' },
    });
    expect(stripe.createPaymentMethod).toHaveBeenCalledWith({
      type: 'card',
      card: fakeCardElement,
      billing_details: { name: 'Rita Reader', email: testUser.email },
    });
    await expect(session.confirmCardPayment('pi_1_secret', 'pm_fake_1')).resolves.toEqual({
      ok: true,
      value: { id: 'pi_fake_1', status: 'succeeded' },
    });
    expect(stripe.confirmCardPayment).toHaveBeenCalledWith('pi_1_secret', { payment_method: 'pm_fake_1' });

    stripe.confirmCardPayment.mockResolvedValueOnce({ error: { type: 'card_error', message: 'Your card was declined.' } });
    await expect(session.confirmCardPayment('pi_1_secret', 'pm_fake_1')).resolves.toEqual({
      ok: false,
      message: 'Your card was declined.',
    });
    stripe.createPaymentMethod.mockRejectedValueOnce(new Error('network down'));
    await expect(session.createPaymentMethod({ name: 'R', email: 'r@x.io' })).resolves.toEqual({
      ok: false,
      message: 'network down',
    });

    unmount();
    expect(services.payments.current()).toBeNull();
  });
});
