// Which services `npm start` runs and how they are wired, from the environment: the offline
// stand-ins by default, the real services when their keys are set (see docs/RUNNING.md).
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_ADMIN_EMAIL } from '../demo-accounts.mjs';
import { StartError } from './output.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const EMULATOR_PROJECT = 'demo-book-resale';
const SANDBOX_SECRET_KEY = 'sk_test_sandbox';
const SANDBOX_PUBLISHABLE_KEY = 'pk_test_sandbox';

const env = process.env;
export const isSet = (name) => Boolean(env[name]?.trim());
export const value = (name) => env[name]?.trim();

function port(name, fallback) {
  const raw = value(name);
  if (!raw) return fallback;
  const number = Number(raw);
  if (!Number.isInteger(number) || number < 1 || number > 65535) {
    throw new StartError(`${name} must be a port number (1-65535), got "${raw}"`);
  }
  return number;
}

export function settingsFromEnvironment() {
  const problems = [];
  const firebaseKeys = ['FIREBASE_API_KEY', 'FIREBASE_AUTH_DOMAIN', 'FIREBASE_PROJECT_ID'];
  const realFirebase = firebaseKeys.every(isSet) && !isSet('FIREBASE_AUTH_EMULATOR_HOST');
  if (!realFirebase && !isSet('FIREBASE_AUTH_EMULATOR_HOST') && firebaseKeys.some(isSet)) {
    problems.push(`Set all of ${firebaseKeys.join(', ')} to use a real Firebase project, or none of them for the local Auth emulator.`);
  }
  const realStripe = isSet('STRIPE_SECRET_KEY') && value('STRIPE_SECRET_KEY') !== SANDBOX_SECRET_KEY;
  if (realStripe !== (isSet('STRIPE_PUBLISHABLE_KEY') && value('STRIPE_PUBLISHABLE_KEY') !== SANDBOX_PUBLISHABLE_KEY)) {
    problems.push('Set both STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY to use Stripe, or neither for the payment sandbox.');
  }
  const realImageHost = isSet('IMAGE_HOST_URL');
  if (realImageHost && !isSet('IMAGE_HOST_KEY')) {
    problems.push('IMAGE_HOST_URL needs IMAGE_HOST_KEY (the image host API key).');
  }
  let ports;
  try {
    ports = {
      web: port('WEB_PORT', 8080),
      api: port('API_PORT', 5000),
      auth: port('AUTH_EMULATOR_PORT', 9099),
      stripe: port('STRIPE_SANDBOX_PORT', 12111),
      mailSmtp: port('MAIL_SMTP_PORT', 1025),
      mailWeb: port('MAIL_WEB_PORT', 1080),
      bookMetadata: port('BOOK_METADATA_SANDBOX_PORT', 12121),
    };
  } catch (error) {
    problems.push(error.message);
  }
  if (problems.length) throw new StartError(`Cannot start:\n  - ${problems.join('\n  - ')}`);
  const adminEmails = value('ADMIN_EMAILS') || DEFAULT_ADMIN_EMAIL;
  const demoData = !/^(0|false|no|off)$/i.test(value('DEMO_DATA') ?? '');
  return {
    ports,
    dataDir: path.resolve(ROOT, value('DATA_DIR') || '.data'),
    adminEmails,
    adminEmail: adminEmails.split(',')[0].trim(),
    emulator: !realFirebase,
    sandbox: !realStripe,
    // Signs the sandbox's webhook events to the API: a new one each run, known to both only.
    webhookSecret: realStripe ? undefined : `whsec_${randomBytes(24).toString('hex')}`,
    realImageHost,
    // A mail server of the user's (SMTP_URL) is used as it is; else maildev catches every email.
    localMail: !isSet('SMTP_URL'),
    // A book-metadata service of the user's (BOOK_METADATA_URL, e.g. https://openlibrary.org) is
    // used as it is; else the local Open Library stand-in answers ISBN look-ups.
    bookMetadataSandbox: !isSet('BOOK_METADATA_URL'),
    postgres: isSet('DATABASE_URL'),
    demoData,
    removeDataDirOnExit: value('DATA_DIR_REMOVE_ON_EXIT') === '1',
  };
}

/** Where the API sends its emails: the user's SMTP_URL, else the local maildev. */
export const smtpUrl = (settings) => (settings.localMail ? `smtp://127.0.0.1:${settings.ports.mailSmtp}` : value('SMTP_URL'));

/** Where the API looks books up by ISBN: the user's BOOK_METADATA_URL, else the local sandbox. */
export const bookMetadataUrl = (settings) =>
  settings.bookMetadataSandbox ? `http://127.0.0.1:${settings.ports.bookMetadata}` : value('BOOK_METADATA_URL');

/** A mail server's address without its credentials, for the banner. */
export function smtpHost(url) {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return 'SMTP_URL';
  }
}

/**
 * The API's environment: the launcher's, pointed at the emulator, the payment sandbox, the mail
 * server and the book-metadata sandbox when used. The rest passes through as it is
 * (ORDER_SWEEP_INTERVAL_MS, the ORDER_* deadlines, ORDER_TIME_TRAVEL, MAIL_FROM, CLIENT_URL; see
 * server/README.md).
 */
export function apiEnvironment(settings) {
  const { ports } = settings;
  const apiEnv = {
    ...env,
    API_PORT: String(ports.api),
    API_HOST: '127.0.0.1',
    DATA_DIR: settings.dataDir,
    CLIENT_ORIGIN: `http://127.0.0.1:${ports.web},http://localhost:${ports.web}`,
    ADMIN_EMAILS: settings.adminEmails,
    SMTP_URL: smtpUrl(settings),
  };
  if (settings.emulator) {
    apiEnv.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${ports.auth}`;
    apiEnv.FIREBASE_PROJECT_ID = EMULATOR_PROJECT;
  } else {
    delete apiEnv.FIREBASE_AUTH_EMULATOR_HOST;
  }
  if (settings.sandbox) {
    Object.assign(apiEnv, {
      STRIPE_SECRET_KEY: SANDBOX_SECRET_KEY,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(ports.stripe),
      STRIPE_API_PROTOCOL: 'http',
      STRIPE_WEBHOOK_SECRET: settings.webhookSecret,
    });
  }
  if (settings.bookMetadataSandbox) {
    // Covers come from the same stand-in (Open Library serves them from covers.openlibrary.org).
    apiEnv.BOOK_METADATA_URL = bookMetadataUrl(settings);
    apiEnv.BOOK_COVERS_URL = bookMetadataUrl(settings);
  }
  return apiEnv;
}

/** What the SPA reads from /config.js. */
export function clientEnvironment(settings) {
  const apiUrl = `http://127.0.0.1:${settings.ports.api}`;
  const client = { API_URL: apiUrl };
  if (settings.emulator) {
    client.FIREBASE_PROJECT_ID = EMULATOR_PROJECT;
    client.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${settings.ports.auth}`;
  } else {
    for (const key of ['FIREBASE_API_KEY', 'FIREBASE_AUTH_DOMAIN', 'FIREBASE_PROJECT_ID', 'FIREBASE_APP_ID']) {
      if (isSet(key)) client[key] = value(key);
    }
  }
  client.STRIPE_PUBLISHABLE_KEY = settings.sandbox ? SANDBOX_PUBLISHABLE_KEY : value('STRIPE_PUBLISHABLE_KEY');
  // The sandbox's Stripe.js, fetched when a checkout opens (real keys use js.stripe.com).
  if (settings.sandbox) client.STRIPE_JS_URL = `http://127.0.0.1:${settings.ports.stripe}/v3/`;
  client.IMAGE_HOST_URL = settings.realImageHost ? value('IMAGE_HOST_URL') : `${apiUrl}/image-host/1/upload`;
  if (isSet('IMAGE_HOST_KEY')) client.IMAGE_HOST_KEY = value('IMAGE_HOST_KEY');
  if (isSet('TOKEN_SYNC_URL')) client.TOKEN_SYNC_URL = value('TOKEN_SYNC_URL');
  return client;
}
