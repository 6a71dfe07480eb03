/**
 * Where the test shop runs: its own ports (so a running `npm start` is never touched) and its
 * own temporary DATA_DIR. playwright.config.ts starts it; tests read the same values.
 */
const port = (name: string, fallback: number) => Number(process.env[name] || fallback);

export const ports = {
  web: port('E2E_WEB_PORT', 18080),
  api: port('E2E_API_PORT', 15000),
  auth: port('E2E_AUTH_EMULATOR_PORT', 19099),
  stripe: port('E2E_STRIPE_SANDBOX_PORT', 12112),
  mailSmtp: port('E2E_MAIL_SMTP_PORT', 11025),
  mailWeb: port('E2E_MAIL_WEB_PORT', 11080),
  bookMetadata: port('E2E_BOOK_METADATA_PORT', 12122),
};

export const webUrl = `http://127.0.0.1:${ports.web}`;
export const apiUrl = `http://127.0.0.1:${ports.api}`;
export const authEmulatorUrl = `http://127.0.0.1:${ports.auth}`;
export const stripeSandboxUrl = `http://127.0.0.1:${ports.stripe}`;
/** The Open Library stand-in (sandbox/openlibrary/): the API's BOOK_METADATA_URL. */
export const bookMetadataUrl = `http://127.0.0.1:${ports.bookMetadata}`;
/** The local inbox (maildev): `GET /api/email` lists every email the API sent. */
export const mailUrl = `http://127.0.0.1:${ports.mailWeb}`;

export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** The Auth emulator's project (a `demo-` project never reaches Google). */
export const emulatorProject = 'demo-book-resale';
