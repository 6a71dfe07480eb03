/*
 * Test stand-ins for Stripe.js and @stripe/react-stripe-js, so checkout tests
 * run without the provider's script. Use with
 *   jest.mock('@stripe/react-stripe-js', () => jest.requireActual('./fakeStripe'));
 */
import type { StripeCardElementChangeEvent } from '@stripe/stripe-js';
import { createContext, useContext, useEffect, useState, type ChangeEvent, type ReactNode } from 'react';

/** The element handed to createPaymentMethod as `card`. */
export const fakeCardElement = { elementType: 'card' } as const;

export interface FakeStripe {
  createPaymentMethod: jest.Mock;
  confirmCardPayment: jest.Mock;
}

/** A provider client whose card is accepted, unless a test says otherwise. */
export function createFakeStripe(): FakeStripe {
  const stripe: FakeStripe = { createPaymentMethod: jest.fn(), confirmCardPayment: jest.fn() };
  acceptCards(stripe);
  return stripe;
}

export function acceptCards(stripe: FakeStripe): void {
  stripe.createPaymentMethod.mockReset().mockResolvedValue({ paymentMethod: { id: 'pm_fake_1' } });
  stripe.confirmCardPayment.mockReset().mockResolvedValue({ paymentIntent: { id: 'pi_fake_1', status: 'succeeded' } });
}

export function declineCards(stripe: FakeStripe, message: string): void {
  stripe.confirmCardPayment.mockReset().mockResolvedValue({ error: { type: 'card_error', message } });
}

/** Typing this into the fake card field reports the provider's validation message. */
export const INVALID_CARD_INPUT = '4242';
export const INVALID_CARD_MESSAGE = 'Your card number is incomplete.';

const StripeContext = createContext<FakeStripe | null>(null);

/** Like the real one: the stripe promise resolves, then the hooks see the client. */
export function Elements({ stripe, children }: { stripe: Promise<FakeStripe | null> | null; children: ReactNode }) {
  const [client, setClient] = useState<FakeStripe | null>(null);
  useEffect(() => {
    let live = true;
    void stripe?.then((resolved) => {
      if (live) setClient(resolved);
    });
    return () => {
      live = false;
    };
  }, [stripe]);
  return <StripeContext.Provider value={client}>{children}</StripeContext.Provider>;
}

export function useStripe(): FakeStripe | null {
  return useContext(StripeContext);
}

export function useElements(): { getElement: () => typeof fakeCardElement } | null {
  return useContext(StripeContext) ? { getElement: () => fakeCardElement } : null;
}

/** The card field as a plain input; its options are kept on a data attribute for assertions. */
export function CardElement({
  options,
  onChange,
}: {
  options?: object;
  onChange?: (event: StripeCardElementChangeEvent) => void;
}) {
  const report = (event: ChangeEvent<HTMLInputElement>) => {
    const invalid = event.target.value === INVALID_CARD_INPUT;
    onChange?.({
      elementType: 'card',
      empty: event.target.value === '',
      complete: !invalid,
      error: invalid ? { type: 'validation_error', code: 'incomplete_number', message: INVALID_CARD_MESSAGE } : undefined,
      value: { postalCode: '' },
      brand: 'visa',
    } as StripeCardElementChangeEvent);
  };
  return <input aria-label="Card number" data-options={JSON.stringify(options)} onChange={report} />;
}
