/**
 * Entry of the sandbox Stripe.js (served as one script at `/v3/` and `/stripe.js`): defines
 * `window.Stripe` the way https://js.stripe.com/v3/ does, talking to the sandbox service that
 * served the script. `loadStripe` from @stripe/stripe-js resolves with an existing
 * `window.Stripe` without injecting Stripe's script, so loading this one first is enough.
 */
import { type SandboxStripe, createStripe } from './stripe-instance';

/**
 * The @stripe/stripe-js release train this stands in for: loadStripe warns when a test key
 * meets a `Stripe.version` other than the one it expects.
 */
export const STRIPE_JS_VERSION = 'endive';

/**
 * The service's base URL: the script's own URL without its `/v3/` or `/stripe.js` path, so it
 * works on any host, port or path prefix; a `data-api-base` attribute overrides it.
 */
export function apiBaseFor(script: HTMLScriptElement | null, pageUrl: string): string {
  const explicit = script?.dataset.apiBase;
  if (explicit) return explicit.replace(/\/+$/, '');
  if (script?.src) {
    return script.src.replace(/[?#].*$/, '').replace(/\/(v3\/?|(?:[a-z0-9]+\/)?stripe\.js)$/, '');
  }
  return new URL(pageUrl).origin;
}

export interface SandboxStripeConstructor {
  (publishableKey: unknown, options?: unknown): SandboxStripe;
  version: string;
  sandbox: true;
}

export function installStripe(target: Window, apiBase: string): SandboxStripeConstructor {
  const Stripe = ((publishableKey: unknown) => createStripe(publishableKey, apiBase)) as SandboxStripeConstructor;
  Stripe.version = STRIPE_JS_VERSION;
  Stripe.sandbox = true;
  // Not declared on Window here: @stripe/stripe-js already declares `Window.Stripe` with its type.
  Reflect.set(target, 'Stripe', Stripe);
  return Stripe;
}

// `document.currentScript` is only set while the script runs, so read it at load time.
if (typeof window !== 'undefined' && typeof document !== 'undefined') {
  const script = document.currentScript instanceof HTMLScriptElement ? document.currentScript : null;
  installStripe(window, apiBaseFor(script, window.location.href));
}
