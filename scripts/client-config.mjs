// The client settings the SPA reads at start, taken from the environment of the process that
// serves it: a JSON data block in each page (`<script type="application/json" id="app-config">`,
// never executed, so the Content-Security-Policy needs no inline script), or /config.js
// (window.__APP_CONFIG__) for a page without it. Only public values: Firebase web config, the
// Stripe publishable key, the image host's upload key. The client side is src/config/env.ts.
export const CLIENT_KEYS = [
  'API_URL',
  'FIREBASE_API_KEY',
  'FIREBASE_AUTH_DOMAIN',
  'FIREBASE_PROJECT_ID',
  'FIREBASE_APP_ID',
  'FIREBASE_AUTH_EMULATOR_HOST',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_JS_URL',
  'IMAGE_HOST_URL',
  'IMAGE_HOST_KEY',
  'TOKEN_SYNC_URL',
];

export function clientConfig(env) {
  return Object.fromEntries(CLIENT_KEYS.filter((key) => env[key]).map((key) => [key, env[key]]));
}

/** The id of the page's settings element; src/config/env.ts reads the same one. */
export const CLIENT_CONFIG_ELEMENT_ID = 'app-config';

/** The settings as JSON; `<` is escaped so no value can close the script element. */
const settingsJson = (env) => JSON.stringify(clientConfig(env)).replace(/</g, '\\u003c');

export function clientConfigScript(env) {
  return `window.__APP_CONFIG__ = ${settingsJson(env)};\n`;
}

/** The settings as a non-executed data block for the page's head. */
export function clientConfigDataBlock(env) {
  return `<script type="application/json" id="${CLIENT_CONFIG_ELEMENT_ID}">${settingsJson(env)}</script>`;
}
