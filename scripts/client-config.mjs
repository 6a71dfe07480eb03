// The client settings the SPA reads at start (window.__APP_CONFIG__), taken
// from the environment of the process that serves it. Only public values:
// Firebase web config, the Stripe publishable key, the image host's upload key.
export const CLIENT_KEYS = [
  'API_URL',
  'FIREBASE_API_KEY',
  'FIREBASE_AUTH_DOMAIN',
  'FIREBASE_PROJECT_ID',
  'FIREBASE_APP_ID',
  'FIREBASE_AUTH_EMULATOR_HOST',
  'STRIPE_PUBLISHABLE_KEY',
  'IMAGE_HOST_URL',
  'IMAGE_HOST_KEY',
  'TOKEN_SYNC_URL',
];

export function clientConfig(env) {
  return Object.fromEntries(CLIENT_KEYS.filter((key) => env[key]).map((key) => [key, env[key]]));
}

export function clientConfigScript(env) {
  return `window.__APP_CONFIG__ = ${JSON.stringify(clientConfig(env)).replace(/</g, '\\u003c')};\n`;
}
