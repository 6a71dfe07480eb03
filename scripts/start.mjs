#!/usr/bin/env node
// `npm start`: the whole shop in one terminal. Offline by default (Firebase Auth emulator,
// payment sandbox, maildev catching the emails, the book-metadata sandbox standing in for Open
// Library, the API's own image host, PGlite in DATA_DIR);
// real services when their keys are in the environment (see docs/RUNNING.md). Ctrl-C (SIGINT)
// or SIGTERM stops every service it started.
import fs from 'node:fs';
import path from 'node:path';
import { demoAccounts } from './demo-accounts.mjs';
import { createStaticServer } from './serve-static.mjs';
import { buildIfNeeded } from './start/build.mjs';
import { log, seconds, StartError } from './start/output.mjs';
import { checkPorts, Processes } from './start/processes.mjs';
import { putDemoData, startApi, startAuthEmulator, startBookMetadataSandbox, startMailServer, startPaymentSandbox } from './start/services.mjs';
import { bookMetadataUrl, clientEnvironment, EMULATOR_PROJECT, settingsFromEnvironment, smtpHost, smtpUrl, value } from './start/settings.mjs';

const STOP_TIMEOUT_MS = 20_000;

let settings;
let webServer = null;
let stopping = null;
const processes = new Processes(() => void shutdown(1));

// ---------------------------------------------------------------- stop

async function shutdown(code, reason) {
  if (stopping) return stopping;
  stopping = (async () => {
    if (reason) log('start', reason);
    if (webServer) {
      webServer.close();
      webServer.closeAllConnections();
    }
    await processes.stopAll(STOP_TIMEOUT_MS);
    if (settings?.removeDataDirOnExit) fs.rmSync(settings.dataDir, { recursive: true, force: true });
    log('start', code === 0 ? 'stopped.' : 'stopped after an error.');
    process.exit(code);
  })();
  return stopping;
}

let firstSignalAt = 0;
function onSignal(signal) {
  const now = Date.now();
  if (stopping && now - firstSignalAt > 1000) {
    log('start', `${signal} again: killing everything now.`);
    processes.killAll();
    process.exit(130);
  }
  if (stopping) return; // the same signal delivered twice (terminal and npm): one stop is enough
  firstSignalAt = now;
  void shutdown(0, `${signal === 'SIGINT' ? 'Ctrl-C' : signal}: stopping all services…`);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => onSignal(signal));

// ---------------------------------------------------------------- main

function banner(timings) {
  const { ports } = settings;
  const web = `http://127.0.0.1:${ports.web}`;
  const lines = [
    '',
    `  Book Resale is ready in ${timings.total}: ${web}`,
    '',
    `  API            http://127.0.0.1:${ports.api}  (${settings.postgres ? 'PostgreSQL from DATABASE_URL' : `PGlite in ${path.join(settings.dataDir, 'db')}`})`,
    `  Sign-in        ${settings.emulator ? `Firebase Auth emulator on 127.0.0.1:${ports.auth} (project ${EMULATOR_PROJECT})` : `Firebase project ${value('FIREBASE_PROJECT_ID')}`}`,
    `  Payments       ${settings.sandbox ? `payment sandbox on http://127.0.0.1:${ports.stripe} (test card 4242 4242 4242 4242)` : 'Stripe (keys from the environment)'}`,
    `  Mail           ${settings.localMail ? `local inbox http://127.0.0.1:${ports.mailWeb}  (maildev, SMTP on 127.0.0.1:${ports.mailSmtp})` : `${smtpHost(smtpUrl(settings))} (SMTP_URL)`}`,
    `  Book data      ${settings.bookMetadataSandbox ? `Open Library stand-in on ${bookMetadataUrl(settings)} (sandbox/openlibrary/)` : `${bookMetadataUrl(settings)} (BOOK_METADATA_URL)`}`,
    `  Images         ${settings.realImageHost ? value('IMAGE_HOST_URL') : `the API's image host (${path.join(settings.dataDir, 'images')})`}`,
    `  Data           ${settings.dataDir}  (delete it for a fresh shop)`,
  ];
  if (settings.emulator && settings.demoData) {
    lines.push('', '  Demo accounts:');
    for (const account of demoAccounts(settings.adminEmail)) {
      lines.push(`    ${account.email.padEnd(28)} ${account.password.padEnd(10)} ${account.what}`);
    }
  }
  lines.push('', `  Started in ${timings.total} (${timings.detail}). Ctrl-C stops everything.`, '');
  process.stdout.write(`${lines.join('\n')}\n`);
}

function listen(server, portNumber) {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(portNumber, '127.0.0.1', () => resolve());
  });
}

async function main() {
  settings = settingsFromEnvironment();
  const { ports } = settings;
  const wanted = { WEB_PORT: ports.web, API_PORT: ports.api };
  if (settings.emulator) wanted.AUTH_EMULATOR_PORT = ports.auth;
  if (settings.sandbox) wanted.STRIPE_SANDBOX_PORT = ports.stripe;
  if (settings.localMail) Object.assign(wanted, { MAIL_SMTP_PORT: ports.mailSmtp, MAIL_WEB_PORT: ports.mailWeb });
  if (settings.bookMetadataSandbox) wanted.BOOK_METADATA_SANDBOX_PORT = ports.bookMetadata;
  await checkPorts(wanted);
  fs.mkdirSync(settings.dataDir, { recursive: true });
  processes.startReaper();
  log('start', `data in ${settings.dataDir}`);

  const timings = [];
  const timed = async (label, work) => {
    const began = performance.now();
    const result = await work();
    timings.push(`${label} ${seconds(began)}`);
    return result;
  };

  // Everything starts at once; the build (when needed) runs while the services boot.
  const build = (async () => {
    const began = performance.now();
    if (await buildIfNeeded(processes)) timings.push(`build ${seconds(began)}`);
  })();
  const auth = settings.emulator ? timed('auth emulator', () => startAuthEmulator(processes, settings)) : Promise.resolve();
  const sandbox = settings.sandbox ? timed('payment sandbox', () => startPaymentSandbox(processes, settings)) : Promise.resolve();
  const mail = settings.localMail ? timed('mail server', () => startMailServer(processes, settings)) : Promise.resolve();
  const books = settings.bookMetadataSandbox ? timed('book-metadata sandbox', () => startBookMetadataSandbox(processes, settings)) : Promise.resolve();
  const api = timed('API', () => startApi(processes, settings));
  // Settle all before deciding, so a failure never leaves a promise rejecting unobserved.
  const results = await Promise.allSettled([build, auth, sandbox, mail, books, api]);
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;

  if (settings.emulator && settings.demoData) {
    await timed('demo data', () => putDemoData(settings));
  } else if (!settings.emulator) {
    log('seed', 'real Firebase project: no demo accounts are created');
  }

  // The web app is served last, so once its URL answers, everything behind it is ready.
  webServer = createStaticServer({ env: clientEnvironment(settings) });
  await listen(webServer, ports.web);
  log('web', `serving dist/ on http://127.0.0.1:${ports.web}`);
  banner({ total: seconds(), detail: timings.join(', ') });
}

main().catch((error) => {
  const message = error instanceof StartError ? error.message : `Could not start: ${error?.stack ?? error}`;
  log('start', message);
  void shutdown(1);
});
