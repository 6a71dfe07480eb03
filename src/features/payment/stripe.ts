import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe } from '@stripe/stripe-js';

/*
 * The `pure` entry only fetches Stripe.js when loadStripe is called, so the
 * script loads when a checkout opens, not when this chunk is parsed.
 * One promise per key: Elements must keep the same stripe prop across renders.
 */
const stripeByKey = new Map<string, Promise<Stripe | null>>();

export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}
