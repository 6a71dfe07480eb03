// The security headers of every web server response, above all the Content-Security-Policy.
// The hosts the policy allows come from the same settings the client gets (client-config.mjs),
// with the client's own defaults (src/config/env.ts), so a configured deployment allows its hosts
// and nothing else. See docs/SECURITY.md.
import { clientConfig } from '../client-config.mjs';
import { KEPT_CLICKS_SOURCE } from './kept-clicks.mjs';

const DEFAULT_API_URL = 'http://127.0.0.1:5000';
const DEFAULT_PROJECT_ID = 'demo-book-resale';
const DEFAULT_EMULATOR_HOST = '127.0.0.1:9099';
/** The one publishable key the local payment sandbox accepts. */
export const SANDBOX_PUBLISHABLE_KEY = 'pk_test_sandbox';

/** Firebase Auth's Google pop-up loads Google's helper script (also with the Auth emulator). */
const GOOGLE_HELPER_SCRIPTS = 'https://apis.google.com';
const GOOGLE_IDENTITY_APIS = ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];
/** Stripe.js and its card frames, as Stripe documents them for a Content-Security-Policy. */
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  connect: ['https://api.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  img: ['https://*.stripe.com'],
};
/** imgbb takes uploads on api.imgbb.com and serves the pictures from i.ibb.co. */
const IMAGE_DISPLAY_HOSTS = { 'https://api.imgbb.com': ['https://i.ibb.co'] };

const originOf = (url) => {
  try {
    const { protocol, origin } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' ? origin : undefined;
  } catch {
    return undefined;
  }
};

const trimmed = (value) => value?.trim() || undefined;

/**
 * The hosts the page talks to, by what it does with them.
 * @param {Record<string, string | undefined>} env the web server's client settings
 * @param {string[]} extraScripts scripts the pages load before the app (the payment sandbox's Stripe.js)
 */
export function pageHosts(env, extraScripts = []) {
  const config = clientConfig(env);
  const api = originOf(trimmed(config.API_URL) ?? DEFAULT_API_URL);
  const imageUpload = originOf(trimmed(config.IMAGE_HOST_URL) ?? `${api}/image-host/1/upload`);
  const projectId = trimmed(config.FIREBASE_PROJECT_ID) ?? DEFAULT_PROJECT_ID;
  const emulatorHost =
    trimmed(config.FIREBASE_AUTH_EMULATOR_HOST) ?? (projectId.startsWith('demo-') ? DEFAULT_EMULATOR_HOST : undefined);
  const authDomain = trimmed(config.FIREBASE_AUTH_DOMAIN) ?? `${projectId}.firebaseapp.com`;
  const stripeKey = trimmed(config.STRIPE_PUBLISHABLE_KEY) ?? SANDBOX_PUBLISHABLE_KEY;
  const sandboxStripe = stripeKey === SANDBOX_PUBLISHABLE_KEY;
  // The sandbox's Stripe.js (loaded when a checkout opens, from STRIPE_JS_URL) calls the sandbox
  // that served it (see sandbox/README.md).
  const stripeJs = trimmed(config.STRIPE_JS_URL);
  const scriptOrigins = [...new Set([...extraScripts, ...(stripeJs ? [stripeJs] : [])].map(originOf))];
  const emulator = emulatorHost ? originOf(`http://${emulatorHost}`) : undefined;
  return {
    api,
    imageUpload,
    images: [api, imageUpload, ...(IMAGE_DISPLAY_HOSTS[imageUpload] ?? [])],
    tokenSync: originOf(trimmed(config.TOKEN_SYNC_URL) ?? ''),
    identity: emulator
      ? { connect: [emulator], frame: [emulator] }
      : { connect: GOOGLE_IDENTITY_APIS, frame: [originOf(`https://${authDomain}`)] },
    stripe: sandboxStripe
      ? { script: scriptOrigins, connect: scriptOrigins, frame: [], img: [] }
      : { ...STRIPE, script: [...STRIPE.script, ...scriptOrigins] },
  };
}

/** Each source once, in order, without the ones that could not be worked out. */
const sources = (...list) => [...new Set(list.flat().filter(Boolean))].join(' ');

/** The Content-Security-Policy of the pages, as one header value. */
export function contentSecurityPolicy(env, extraScripts = []) {
  const hosts = pageHosts(env, extraScripts);
  const directives = [
    ['default-src', "'self'"],
    // The one inline script, by its hash: it keeps the clicks made before the app is live.
    ['script-src', sources("'self'", KEPT_CLICKS_SOURCE, GOOGLE_HELPER_SCRIPTS, hosts.stripe.script)],
    // Emotion (MUI) writes its styles into <style> elements at run time.
    ['style-src', "'self' 'unsafe-inline'"],
    ['img-src', sources("'self'", 'data:', 'blob:', hosts.images, hosts.stripe.img)],
    ['connect-src', sources("'self'", hosts.api, hosts.imageUpload, hosts.tokenSync, hosts.identity.connect, hosts.stripe.connect)],
    ['frame-src', sources(hosts.identity.frame, hosts.stripe.frame) || "'none'"],
    ['frame-ancestors', "'none'"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
  ];
  return directives.map(([name, value]) => `${name} ${value}`).join('; ');
}

/** Every header the web server adds to its answers (pages, scripts, images, errors). */
export function webSecurityHeaders(env, extraScripts = []) {
  const hosts = pageHosts(env, extraScripts);
  const paymentFrames = hosts.stripe.frame.length ? hosts.stripe.frame.filter((origin) => !origin.includes('*')) : hosts.stripe.script;
  return {
    'content-security-policy': contentSecurityPolicy(env, extraScripts),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': `camera=(), microphone=(), geolocation=(), usb=(), payment=(${sources('self', paymentFrames.map((origin) => `"${origin}"`))})`,
    'x-frame-options': 'DENY',
    // The Google sign-in pop-up must keep its opener; any other window gets none.
    'cross-origin-opener-policy': 'same-origin-allow-popups',
  };
}
