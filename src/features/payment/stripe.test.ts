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

    await expect(first).resolves.toEqual({ key: 'pk_test_a' });
    await other;
    expect(jest.mocked(loadStripe).mock.calls).toEqual([['pk_test_a'], ['pk_test_b']]);
  });
});

describe('stripeFor with a Stripe.js of its own (the payment sandbox)', () => {
  afterEach(() => {
    document.head.querySelectorAll('script').forEach((script) => script.remove());
    delete (window as { Stripe?: unknown }).Stripe;
  });

  it('adds the script on first use only, then loads Stripe through it', async () => {
    const url = 'http://127.0.0.1:12111/v3';
    const stripe = stripeFor('pk_test_c', url);
    expect(stripeFor('pk_test_c', url)).toBe(stripe);
    const scripts = document.head.querySelectorAll(`script[src="${url}"]`);
    expect(scripts).toHaveLength(1);
    expect(jest.mocked(loadStripe)).not.toHaveBeenCalledWith('pk_test_c');

    scripts[0].dispatchEvent(new Event('load'));
    await expect(stripe).resolves.toEqual({ key: 'pk_test_c' });
    expect(jest.mocked(loadStripe)).toHaveBeenCalledWith('pk_test_c');
  });

  it('forgets a script that failed, so the next checkout tries again', async () => {
    const url = 'http://127.0.0.1:12111/v3/broken';
    const first = stripeFor('pk_test_d', url);
    document.head.querySelector(`script[src="${url}"]`)?.dispatchEvent(new Event('error'));
    await expect(first).rejects.toThrow('Stripe.js could not be loaded');
    expect(document.head.querySelector(`script[src="${url}"]`)).toBeNull();

    const second = stripeFor('pk_test_d', url);
    expect(second).not.toBe(first);
    expect(document.head.querySelectorAll(`script[src="${url}"]`)).toHaveLength(1);
  });
});
