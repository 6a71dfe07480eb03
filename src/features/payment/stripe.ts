import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe } from '@stripe/stripe-js';

/*
 * The `pure` entry only fetches Stripe.js when loadStripe is called, so the
 * script loads when a checkout opens, not when this chunk is parsed.
 * One promise per key: Elements must keep the same stripe prop across renders.
 */
const stripeByKey = new Map<string, Promise<Stripe | null>>();

/**
 * A Stripe.js served from elsewhere than js.stripe.com (the local payment sandbox): added to the
 * page on first use, so that loadStripe finds `window.Stripe` already defined.
 */
function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => {
      script.remove();
      reject(new Error(`Stripe.js could not be loaded from ${src}`));
    });
    document.head.appendChild(script);
  });
}

export function stripeFor(publishableKey: string, scriptUrl?: string): Promise<Stripe | null> {
  const cacheKey = `${scriptUrl ?? ''} ${publishableKey}`;
  let stripe = stripeByKey.get(cacheKey);
  if (!stripe) {
    const ready = scriptUrl && !window.Stripe ? loadScript(scriptUrl) : Promise.resolve();
    stripe = ready.then(() => loadStripe(publishableKey));
    // A failed load is not kept, so opening the checkout again tries again.
    stripe.catch(() => stripeByKey.delete(cacheKey));
    stripeByKey.set(cacheKey, stripe);
  }
  return stripe;
}
