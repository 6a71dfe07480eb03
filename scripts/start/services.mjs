// The services behind the shop: the Firebase Auth emulator, the payment sandbox, the local mail
// server, the book-metadata sandbox, the API, and the demo data put in through them.
import fs from 'node:fs';
import path from 'node:path';
import { seedDemo } from '../seed-demo.mjs';
import { apiLine, log } from './output.mjs';
import { waitUntilReady } from './processes.mjs';
import { apiEnvironment, EMULATOR_PROJECT, ROOT, value } from './settings.mjs';

/** @typedef {import('./processes.mjs').Processes} Processes */

/** @param {Processes} processes */
export async function startAuthEmulator(processes, settings) {
  const emulatorDir = path.join(settings.dataDir, 'emulator');
  // Not inside or beside-with-a-shared-prefix of the export dir: firebase-tools refuses a cwd that
  // starts with the export path.
  const workDir = path.join(settings.dataDir, 'firebase-run');
  fs.mkdirSync(path.join(workDir, 'tmp'), { recursive: true });
  const config = JSON.parse(fs.readFileSync(path.join(ROOT, 'firebase.json'), 'utf8'));
  config.emulators.auth = { ...config.emulators.auth, host: '127.0.0.1', port: settings.ports.auth };
  const configFile = path.join(workDir, 'firebase.json');
  fs.writeFileSync(configFile, `${JSON.stringify(config, null, 2)}\n`);
  const hasExport = fs.existsSync(path.join(emulatorDir, 'firebase-export-metadata.json'));
  const args = ['emulators:start', '--only', 'auth', '--project', EMULATOR_PROJECT, '--config', configFile];
  if (hasExport) args.push('--import', emulatorDir);
  args.push('--export-on-exit', emulatorDir);
  const entry = processes.run('auth', path.join(ROOT, 'node_modules', '.bin', 'firebase'), args, {
    cwd: workDir,
    // Its own TMPDIR: the emulator keeps a per-project locator file there, so two shops
    // (say, the tests' and yours) do not mix up their exports.
    childEnv: { ...process.env, TMPDIR: path.join(workDir, 'tmp'), NO_UPDATE_NOTIFIER: '1' },
  });
  await waitUntilReady(entry, `http://127.0.0.1:${settings.ports.auth}/`, 'The Auth emulator');
}

/** @param {Processes} processes */
export async function startPaymentSandbox(processes, settings) {
  const { ports } = settings;
  const entry = processes.run('stripe', process.execPath, ['--import', 'tsx', 'sandbox/stripe/server.ts'], {
    childEnv: {
      ...process.env,
      STRIPE_SANDBOX_PORT: String(ports.stripe),
      STRIPE_SANDBOX_CLIENT_ORIGINS: `http://127.0.0.1:${ports.web},http://localhost:${ports.web}`,
      STRIPE_SANDBOX_DATA_DIR: path.join(settings.dataDir, 'stripe'),
      // Succeeded payments reach the API as signed webhooks too, as `stripe listen --forward-to`
      // does, so a charge whose browser closed before POST /payment is still recorded.
      STRIPE_SANDBOX_WEBHOOK_URL: `http://127.0.0.1:${ports.api}/stripe/webhook`,
      STRIPE_SANDBOX_WEBHOOK_SECRET: settings.webhookSecret,
    },
  });
  await waitUntilReady(entry, `http://127.0.0.1:${ports.stripe}/healthz`, 'The payment sandbox');
}

/**
 * The book-metadata sandbox: Open Library's ISBN, author and covers API answered from the
 * catalogue in sandbox/openlibrary/. Its own delay and failure settings
 * (BOOK_METADATA_SANDBOX_DELAY_MS, _FAIL_WITH) pass through from the shell.
 * @param {Processes} processes
 */
export async function startBookMetadataSandbox(processes, settings) {
  const { ports } = settings;
  const entry = processes.run('books', process.execPath, ['--import', 'tsx', 'sandbox/openlibrary/server.ts'], {
    childEnv: { ...process.env, BOOK_METADATA_SANDBOX_PORT: String(ports.bookMetadata) },
  });
  await waitUntilReady(entry, `http://127.0.0.1:${ports.bookMetadata}/healthz`, 'The book-metadata sandbox');
}

/**
 * maildev's start-up banner (a dozen lines repeating what the launcher's banner says) is left
 * out; what it says after that (each mail received) is shown unless LOG_LEVEL asks for warnings
 * only. Errors always show.
 */
function mailLine() {
  const quiet = /^(warn|error|fatal|silent)$/i.test(value('LOG_LEVEL') ?? '');
  let started = false;
  return (line) => {
    if (/error|EADDRINUSE/i.test(line)) return line;
    if (started) return quiet ? null : line;
    if (/Press Ctrl\+C to stop/.test(line)) started = true;
    return null;
  };
}

/**
 * maildev: a real SMTP server that keeps every email the API sends, with a web inbox and a REST
 * API (`GET /api/email`). Its mails are files in DATA_DIR/mail, so they survive a restart.
 * @param {Processes} processes
 */
export async function startMailServer(processes, settings) {
  const { ports } = settings;
  const mailDir = path.join(settings.dataDir, 'mail');
  fs.mkdirSync(mailDir, { recursive: true });
  const args = [
    path.join(ROOT, 'node_modules', 'maildev', 'dist', 'bin', 'maildev.js'),
    '--smtp', String(ports.mailSmtp),
    '--web', String(ports.mailWeb),
    '--ip', '127.0.0.1',
    '--web-ip', '127.0.0.1',
    '--mail-directory', mailDir,
  ];
  // Its own settings come from these arguments only, never from MAILDEV_* in the shell.
  const childEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('MAILDEV_')));
  const entry = processes.run('mail', process.execPath, args, { childEnv, format: mailLine() });
  await waitUntilReady(entry, `http://127.0.0.1:${ports.mailWeb}/api/healthz`, 'The mail server (maildev)');
}

/** @param {Processes} processes */
export async function startApi(processes, settings) {
  const entry = processes.run('api', process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    childEnv: apiEnvironment(settings),
    format: apiLine,
  });
  await waitUntilReady(entry, `http://127.0.0.1:${settings.ports.api}/bookCatagories`, 'The API');
}

/** Demo accounts and orders, made through the emulator and the API; a failure is reported, not fatal. */
export async function putDemoData(settings) {
  const { ports } = settings;
  try {
    const done = await seedDemo({
      apiUrl: `http://127.0.0.1:${ports.api}`,
      authUrl: `http://127.0.0.1:${ports.auth}`,
      projectId: EMULATOR_PROJECT,
      stripeUrl: settings.sandbox ? `http://127.0.0.1:${ports.stripe}` : undefined,
      adminEmail: settings.adminEmail,
      imageHostUrl: settings.realImageHost ? value('IMAGE_HOST_URL') : undefined,
      imageHostKey: value('IMAGE_HOST_KEY') || undefined,
      log: (text) => log('seed', text),
    });
    if (done.length === 0) log('seed', 'demo data already present');
    for (const item of done) log('seed', `created ${item}`);
  } catch (error) {
    log('seed', `demo data could not be created: ${error.message}`);
  }
}
