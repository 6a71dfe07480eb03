import { http, HttpResponse } from 'msw';
import type { CardSession } from '../../app/services';
import { setupStore } from '../../app/store';
import { copy } from '../../config/copy';
import { createFakeCardSession, createFakeServices, testUser } from '../../testing/fakeServices';
import { signedInState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import { payRequested, type PaymentState } from './paymentSlice';
import { trackStore } from '../../testing/storeRegistry';

const request = {
  bookingId: 'b1',
  clientSecret: 'pi_test_1_secret_abc',
  resale_price: 12.5,
  name: 'Rita Reader',
  email: testUser.email!,
};

interface Recorded {
  body: unknown;
  authorization: string | null;
}

function servePayment(answer: () => Response = () => HttpResponse.json({ acknowledged: true, insertedId: 'pay-1' })) {
  const calls: Recorded[] = [];
  server.use(
    http.post(`${API}/payment`, async ({ request: req }) => {
      calls.push({ body: await req.json(), authorization: req.headers.get('authorization') });
      return answer();
    }),
  );
  return calls;
}

/** Pays with a real store and the given card, and resolves with the settled payment state. */
async function pay(card: CardSession | null): Promise<PaymentState> {
  localStorage.setItem('accessToken', 't0k');
  const services = createFakeServices();
  services.payments.attach(card);
  const store = trackStore(setupStore(services, signedInState()));
  store.dispatch(payRequested(request));
  await new Promise<void>((resolve) => {
    if (store.getState().payment.status !== 'processing') resolve();
    const unsubscribe = store.subscribe(() => {
      if (store.getState().payment.status !== 'processing') {
        unsubscribe();
        resolve();
      }
    });
  });
  return store.getState().payment;
}

describe('pay flow listener', () => {
  it('creates a method, confirms, records the payment with the bearer header and keeps the transaction id', async () => {
    const calls = servePayment();
    const card = createFakeCardSession('succeeded');

    const state = await pay(card);

    expect(card.createPaymentMethod).toHaveBeenCalledWith({ name: 'Rita Reader', email: testUser.email });
    expect(card.confirmCardPayment).toHaveBeenCalledWith('pi_test_1_secret_abc', 'pm_test_1');
    expect(calls).toEqual([
      {
        body: { resale_price: 12.5, transactionId: 'pi_test_1', email: testUser.email, bookingId: 'b1' },
        authorization: 'bearer t0k',
      },
    ]);
    expect(state).toEqual({ bookingId: 'b1', status: 'succeeded', error: null, transactionId: 'pi_test_1', paidAt: expect.any(String) });
  });

  it('stops with the provider message when the payment method cannot be created', async () => {
    const calls = servePayment();
    const card = createFakeCardSession({ failAt: 'method', message: 'Your card number is incomplete.' });

    const state = await pay(card);

    expect(state).toMatchObject({ status: 'failed', error: 'Your card number is incomplete.', transactionId: null });
    expect(card.confirmCardPayment).not.toHaveBeenCalled();
    expect(calls).toHaveLength(0);
  });

  it('stops with the provider message when the card is declined, and records nothing', async () => {
    const calls = servePayment();
    const card = createFakeCardSession({ failAt: 'confirm', message: 'Your card was declined.' });

    const state = await pay(card);

    expect(state).toMatchObject({ status: 'failed', error: 'Your card was declined.', transactionId: null });
    expect(calls).toHaveLength(0);
  });

  it('does not record a payment whose intent did not succeed', async () => {
    const calls = servePayment();
    const card = createFakeCardSession('succeeded');
    card.confirmCardPayment.mockResolvedValue({ ok: true, value: { id: 'pi_test_1', status: 'requires_action' } });

    const state = await pay(card);

    expect(state).toMatchObject({ status: 'failed', error: copy.errors.generic, transactionId: null });
    expect(calls).toHaveLength(0);
  });

  it('fails with the server message when recording is refused', async () => {
    const calls = servePayment(() => HttpResponse.json({ message: 'Payment does not match the booking' }, { status: 400 }));

    const state = await pay(createFakeCardSession('succeeded'));

    expect(calls).toHaveLength(1);
    expect(state).toMatchObject({ status: 'failed', error: 'Payment does not match the booking', transactionId: null });
  });

  it('fails when the record has no insertedId', async () => {
    servePayment(() => HttpResponse.json({ acknowledged: false }));

    const state = await pay(createFakeCardSession('succeeded'));

    expect(state).toMatchObject({ status: 'failed', error: copy.errors.generic, transactionId: null });
  });

  it('fails at once when no card form is attached', async () => {
    const calls = servePayment();

    const state = await pay(null);

    expect(state).toMatchObject({ status: 'failed', error: copy.errors.generic });
    expect(calls).toHaveLength(0);
  });

  it('ends the flow when the card form throws instead of answering', async () => {
    const calls = servePayment();
    const card = createFakeCardSession('succeeded');
    card.createPaymentMethod.mockRejectedValue(new Error('Stripe.js went away'));

    const state = await pay(card);

    expect(state).toMatchObject({ status: 'failed', error: 'Stripe.js went away' });
    expect(calls).toHaveLength(0);
  });

  it('after a charge whose record failed, the next Pay records it again without charging twice', async () => {
    let refuse = true;
    const calls = servePayment(() =>
      refuse
        ? HttpResponse.json({ message: 'Service unavailable, try again' }, { status: 409 })
        : HttpResponse.json({ acknowledged: true, insertedId: 'pay-1' }),
    );
    localStorage.setItem('accessToken', 't0k');
    const services = createFakeServices();
    const card = createFakeCardSession('succeeded');
    services.payments.attach(card);
    const store = trackStore(setupStore(services, signedInState()));
    const settled = () =>
      new Promise<void>((resolve) => {
        const unsubscribe = store.subscribe(() => {
          if (store.getState().payment.status !== 'processing') {
            unsubscribe();
            resolve();
          }
        });
      });

    store.dispatch(payRequested(request));
    await settled();
    expect(store.getState().payment).toMatchObject({ status: 'failed', error: 'Service unavailable, try again' });

    refuse = false;
    store.dispatch(payRequested(request));
    await settled();
    expect(store.getState().payment).toMatchObject({ status: 'succeeded', transactionId: 'pi_test_1' });
    expect(card.confirmCardPayment).toHaveBeenCalledTimes(1);
    expect(card.createPaymentMethod).toHaveBeenCalledTimes(1);
    expect(calls.map((call) => call.body)).toEqual([
      { resale_price: 12.5, transactionId: 'pi_test_1', email: testUser.email, bookingId: 'b1' },
      { resale_price: 12.5, transactionId: 'pi_test_1', email: testUser.email, bookingId: 'b1' },
    ]);
  });
});
