/**
 * @jest-environment node
 */
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { http, passthrough } from 'msw';
import { server as network } from '../../src/testing/server';
import { createStaticServer } from '../../scripts/serve-static.mjs';
import { KEPT_CLICKS_SCRIPT } from '../../scripts/web/kept-clicks.mjs';
import { contentSecurityPolicy, webSecurityHeaders } from '../../scripts/web/security-headers.mjs';

/** The one inline script the pages carry (the clicks kept before the app is live), by its hash. */
const KEPT_CLICKS = `'sha256-${createHash('sha256').update(KEPT_CLICKS_SCRIPT).digest('base64')}'`;

// The web server's security headers: the policy's hosts come from the client settings, so the
// offline stack and a deployment with real services each get their own and no other.

/** The policy as directive → sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

/** What `npm start` hands the web server offline (scripts/start/settings.mjs). */
const LOCAL = {
  API_URL: 'http://127.0.0.1:5000',
  FIREBASE_PROJECT_ID: 'demo-book-resale',
  FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_sandbox',
  IMAGE_HOST_URL: 'http://127.0.0.1:5000/image-host/1/upload',
};
const SANDBOX_SCRIPT = 'http://127.0.0.1:12111/v3/';
/** The local stack as `npm start` configures it: the checkout fetches the sandbox's Stripe.js. */
const LOCAL_STACK = { ...LOCAL, STRIPE_JS_URL: SANDBOX_SCRIPT };

/** A deployment on real services. */
const REAL = {
  API_URL: 'https://api.shop.example',
  FIREBASE_API_KEY: 'AIzaExample',
  FIREBASE_AUTH_DOMAIN: 'shop-prod.firebaseapp.com',
  FIREBASE_PROJECT_ID: 'shop-prod',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_example',
  IMAGE_HOST_URL: 'https://api.imgbb.com/1/upload',
  IMAGE_HOST_KEY: 'imgbb-key',
  TOKEN_SYNC_URL: 'https://sessions.shop.example/token',
};

describe('the Content-Security-Policy', () => {
  it('allows exactly the local stack offline: API, Auth emulator, payment sandbox', () => {
    // Whether the pages load the sandbox's Stripe.js up front or the checkout fetches it later.
    expect(contentSecurityPolicy(LOCAL, [SANDBOX_SCRIPT])).toBe(contentSecurityPolicy(LOCAL_STACK));
    expect(contentSecurityPolicy(LOCAL_STACK)).toBe(
      [
        "default-src 'self'",
        `script-src 'self' ${KEPT_CLICKS} https://apis.google.com http://127.0.0.1:12111`,
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob: http://127.0.0.1:5000",
        "connect-src 'self' http://127.0.0.1:5000 http://127.0.0.1:9099 http://127.0.0.1:12111",
        'frame-src http://127.0.0.1:9099',
        "frame-ancestors 'none'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
      ].join('; '),
    );
  });

  it('uses the client defaults when a setting is not given', () => {
    expect(contentSecurityPolicy({}, [])).toBe(contentSecurityPolicy(LOCAL, []));
    const policy = directives(contentSecurityPolicy({ API_URL: 'http://127.0.0.1:5999/', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9199' }));
    expect(policy.get('connect-src')).toEqual(["'self'", 'http://127.0.0.1:5999', 'http://127.0.0.1:9199']);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'http://127.0.0.1:5999']);
  });

  it('allows the real services a configured deployment uses, and no local host', () => {
    const policy = directives(contentSecurityPolicy(REAL, []));
    expect(policy.get('script-src')).toEqual(["'self'", KEPT_CLICKS, 'https://apis.google.com', 'https://js.stripe.com', 'https://*.js.stripe.com']);
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      'https://api.shop.example',
      'https://api.imgbb.com',
      'https://sessions.shop.example',
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://api.stripe.com',
    ]);
    expect(policy.get('img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://api.shop.example',
      'https://api.imgbb.com',
      'https://i.ibb.co',
      'https://*.stripe.com',
    ]);
    expect(policy.get('frame-src')).toEqual([
      'https://shop-prod.firebaseapp.com',
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://hooks.stripe.com',
    ]);
    expect(contentSecurityPolicy(REAL, [])).not.toMatch(/127\.0\.0\.1|localhost/);
  });

  it('keeps the Auth emulator with real payments, and the payment sandbox with a real Firebase project', () => {
    const emulatorWithStripe = directives(contentSecurityPolicy({ ...LOCAL, STRIPE_PUBLISHABLE_KEY: 'pk_test_real' }, []));
    expect(emulatorWithStripe.get('frame-src')).toEqual(['http://127.0.0.1:9099', 'https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com']);
    const firebaseWithSandbox = directives(
      contentSecurityPolicy({ ...REAL, FIREBASE_AUTH_EMULATOR_HOST: '', STRIPE_PUBLISHABLE_KEY: 'pk_test_sandbox' }, [SANDBOX_SCRIPT]),
    );
    expect(firebaseWithSandbox.get('script-src')).toEqual(["'self'", KEPT_CLICKS, 'https://apis.google.com', 'http://127.0.0.1:12111']);
    expect(firebaseWithSandbox.get('frame-src')).toEqual(['https://shop-prod.firebaseapp.com']);
  });

  it.each([
    ['offline', LOCAL, [SANDBOX_SCRIPT]],
    ['on real services', REAL, []],
  ])('never allows inline script or eval (%s)', (_case, env, scripts) => {
    const policy = directives(contentSecurityPolicy(env, scripts));
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
    expect(policy.get('script-src')).not.toContain("'unsafe-eval'");
    expect(policy.get('default-src')).toEqual(["'self'"]);
    for (const [name, values] of policy) expect([name, values.length > 0]).toEqual([name, true]);
  });
});

describe('the other headers', () => {
  it('deny framing and sniffing, and allow payment to Stripe only', () => {
    expect(webSecurityHeaders(REAL, [])).toMatchObject({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'DENY',
      'cross-origin-opener-policy': 'same-origin-allow-popups',
      'permissions-policy': 'camera=(), microphone=(), geolocation=(), usb=(), payment=(self "https://js.stripe.com" "https://hooks.stripe.com")',
    });
    expect(webSecurityHeaders(LOCAL, [SANDBOX_SCRIPT])['permissions-policy']).toBe(
      'camera=(), microphone=(), geolocation=(), usb=(), payment=(self "http://127.0.0.1:12111")',
    );
  });
});

describe('the web server', () => {
  it('sends the headers on every answer: settings script, missing file, refused method', async () => {
    const server = createStaticServer({ env: LOCAL_STACK });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // The client tests' mock network lets these through to the real server.
    network.use(http.all(new RegExp(`^${base}/`), () => passthrough()));
    try {
      const expected = webSecurityHeaders(LOCAL, [SANDBOX_SCRIPT]);
      const answers = await Promise.all([
        fetch(`${base}/config.js`),
        fetch(`${base}/static/js/missing.js`),
        fetch(`${base}/`, { method: 'POST' }),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 404, 405]);
      for (const answer of answers) {
        await answer.arrayBuffer();
        for (const [name, value] of Object.entries(expected)) expect([name, answer.headers.get(name)]).toEqual([name, value]);
      }
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
