import type Stripe from 'stripe';
import { emulatorIdToken } from './authEmulatorStandIn';

/** The writes the API answered 2xx to: each must be in the database whatever happened next. */
export interface Acknowledged {
  users: string[];
  products: string[];
  bookings: string[];
  /** Recorded payments, with the booking each paid. */
  payments: Array<{ id: string; bookingId: string }>;
}

export const noAcknowledgements = (): Acknowledged => ({ users: [], products: [], bookings: [], payments: [] });

export const acknowledgedCount = (acks: Acknowledged) =>
  acks.users.length + acks.products.length + acks.bookings.length + acks.payments.length;

/** The most iterations one worker makes, so a load never runs unbounded. */
const ITERATIONS_PER_WORKER = 200;

class Refused extends Error {}

/**
 * Sign-ups, products, bookings and card payments (confirmed at the payment sandbox through
 * `sandbox`) through the API over HTTP, from `workers` loops at once, as clients would; stops at
 * the first request that gets no answer (the process was killed) or after `iterations` (at most
 * `ITERATIONS_PER_WORKER`). `acks` grows as answers arrive; a 4xx or 5xx fails the load.
 */
export async function runWriteLoad(
  { url, sandbox, iterations = ITERATIONS_PER_WORKER }: { url: string; sandbox: Stripe; iterations?: number },
  label: string,
  workers: number,
  acks: Acknowledged,
): Promise<void> {
  const call = async (path: string, init: { method?: string; token: string; body?: object }) => {
    const response = await fetch(`${url}${path}`, {
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${init.token}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    const body = (await response.json()) as Record<string, unknown>;
    if (response.status !== 200) throw new Refused(`${init.method ?? 'GET'} ${path} answered ${response.status}: ${JSON.stringify(body)}`);
    return body;
  };
  const signUp = async (email: string, role: 'Buyer' | 'seller') => {
    const idToken = emulatorIdToken(email);
    const created = await call('/users', { method: 'POST', token: idToken, body: { name: email.split('@')[0], email, role } });
    acks.users.push(String(created.insertedId));
    const { accessToken } = await call(`/jwt?email=${encodeURIComponent(email)}`, { token: idToken });
    return String(accessToken);
  };
  const worker = async (index: number) => {
    for (let i = 0; i < Math.min(iterations, ITERATIONS_PER_WORKER); i += 1) {
      const seller = `${label}-seller-${index}-${i}@crash.test`;
      const buyer = `${label}-buyer-${index}-${i}@crash.test`;
      const sellerToken = await signUp(seller, 'seller');
      const product = await call('/products', {
        method: 'POST',
        token: sellerToken,
        body: {
          name: `Crash test ${label} ${index}-${i}`, price: 10 + i, phone: '+1 555 0100', location: 'Here',
          condition: 'Good', description: 'Kept through a crash', image: 'https://images.example/book.png', category: 'fiction',
        },
      });
      acks.products.push(String(product.insertedId));
      const buyerToken = await signUp(buyer, 'Buyer');
      const booking = await call('/bookings', {
        method: 'POST', token: buyerToken, body: { bookId: product.insertedId, email: buyer, location: 'There', phone: '123' },
      });
      const bookingId = String(booking.insertedId);
      acks.bookings.push(bookingId);
      const { clientSecret } = await call('/create-payment-intent', { method: 'POST', token: buyerToken, body: { bookingId } });
      const transactionId = String(clientSecret).split('_secret_')[0];
      await sandbox.paymentIntents.confirm(transactionId, { payment_method: 'pm_card_visa' });
      const payment = await call('/payment', { method: 'POST', token: buyerToken, body: { bookingId, transactionId } });
      acks.payments.push({ id: String(payment.insertedId), bookingId });
    }
  };
  const outcomes = await Promise.allSettled(Array.from({ length: workers }, (_, index) => worker(index)));
  for (const outcome of outcomes) {
    // A refusal is a bug; a request with no answer is the kill.
    if (outcome.status === 'rejected' && outcome.reason instanceof Refused) throw outcome.reason;
  }
}
