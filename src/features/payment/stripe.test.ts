import { loadStripe } from '@stripe/stripe-js/pure';
import { stripeFor } from './stripe';

jest.mock('@stripe/stripe-js/pure', () => ({
  loadStripe: jest.fn(async (key: string) => ({ key })),
}));

describe('stripeFor', () => {
  it('loads Stripe.js through the pure entry once per publishable key', async () => {
    const first = stripeFor('pk_test_a');
    expect(stripeFor('pk_test_a')).toBe(first);
    const other = stripeFor('pk_test_b');
    expect(other).not.toBe(first);

    expect(jest.mocked(loadStripe).mock.calls).toEqual([['pk_test_a'], ['pk_test_b']]);
    await expect(first).resolves.toEqual({ key: 'pk_test_a' });
  });
});
