#!/usr/bin/env node
// `npm start`: the whole shop in one terminal. Offline by default (Firebase Auth emulator,
// payment sandbox, the API's own image host, PGlite in DATA_DIR); real services when their
// keys are in the environment (see docs/RUNNING.md). Ctrl-C (SIGINT) or SIGTERM stops every
// service it started.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { DEFAULT_ADMIN_EMAIL, demoAccounts } from './demo-accounts.mjs';
import { seedDemo } from './seed-demo.mjs';
import { createStaticServer } from './serve-static.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;
const startedAt = performance.now();
const seconds = (from = startedAt) => `${((performance.now() - from) / 1000).toFixed(1)}s`;

const EMULATOR_PROJECT = 'demo-book-resale';
const SANDBOX_SECRET_KEY = 'sk_test_sandbox';
const SANDBOX_PUBLISHABLE_KEY = 'pk_test_sandbox';
const READY_TIMEOUT_MS = 120_000;
const BUILD_TIMEOUT_MS = 300_000;
const STOP_TIMEOUT_MS = 20_000;
const POLL_MS = 150;

// ---------------------------------------------------------------- output

const COLORS = { start: 1, build: 35, auth: 33, api: 32, stripe: 34, web: 36, seed: 35 };
const color = process.stdout.isTTY && !env.NO_COLOR;
// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;]*[A-Za-z]/g;

function log(name, text) {
  const tag = name.padEnd(6);
  const prefix = color ? `\x1b[${COLORS[name] ?? 0}m${tag}\x1b[0m│ ` : `${tag}| `;
  const line = color ? text : text.replace(ANSI, '');
  process.stdout.write(`${prefix}${line}\n`);
}

const PINO_LEVELS = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };
const openRequests = new Map();

/** The API logs JSON (pino); show one readable line per request and plain messages otherwise. */
function apiLine(line) {
  if (!line.startsWith('{')) return line;
  let entry;
  try {
    entry = JSON.parse(line);
  } catch {
    return line;
  }
  if (entry.msg === 'incoming request' && entry.req) {
    if (openRequests.size > 500) openRequests.delete(openRequests.keys().next().value);
    openRequests.set(entry.reqId, `${entry.req.method} ${entry.req.url}`);
    return null;
  }
  if (entry.msg === 'request completed' && entry.res) {
    const request = openRequests.get(entry.reqId) ?? entry.reqId;
    openRequests.delete(entry.reqId);
    if (request.startsWith('OPTIONS ')) return null; // CORS preflights: noise
    return `${request} → ${entry.res.statusCode} (${Math.round(entry.responseTime ?? 0)} ms)`;
  }
  const level = PINO_LEVELS[entry.level] ?? String(entry.level);
  let text = `${level === 'info' ? '' : `${level.toUpperCase()} `}${entry.msg ?? ''}`;
  if (entry.err?.message) text += `: ${entry.err.message}`;
  if (entry.level >= 50 && entry.err?.stack) text += `\n${entry.err.stack}`;
  return text;
}

class StartError extends Error {}

// ---------------------------------------------------------------- settings

const isSet = (name) => Boolean(env[name]?.trim());
const value = (name) => env[name]?.trim();

function port(name, fallback) {
  const raw = value(name);
  if (!raw) return fallback;
  const number = Number(raw);
  if (!Number.isInteger(number) || number < 1 || number > 65535) {
    throw new StartError(`${name} must be a port number (1-65535), got "${raw}"`);
  }
  return number;
}

function settingsFromEnvironment() {
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
    realImageHost,
    postgres: isSet('DATABASE_URL'),
    demoData,
    removeDataDirOnExit: value('DATA_DIR_REMOVE_ON_EXIT') === '1',
  };
}

// ---------------------------------------------------------------- processes

let reaper;
/** Everything started here: the services, and the build while it runs. */
const children = [];
let stopping = null;
let webServer = null;

function startReaper() {
  reaper = spawn(process.execPath, [path.join(ROOT, 'scripts', 'reaper.mjs')], {
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  reaper.unref();
  reaper.channel?.unref();
}

const tellReaper = (message) => {
  try {
    if (reaper?.connected) reaper.send(message);
  } catch {
    // the reaper is optional protection; never fail because of it
  }
};

function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

/** Runs a command in its own process group, its output prefixed with `name`. */
function run(name, command, args, { cwd = ROOT, childEnv = env, format = (line) => line, service = true } = {}) {
  const child = spawn(command, args, { cwd, env: childEnv, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', (error) => {
      log(name, `could not run ${command}: ${error.message}`);
      resolve({ code: 127, signal: null });
    });
  });
  if (child.pid) tellReaper({ add: child.pid });
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => {
      const text = format(line);
      if (text !== null && text.trim() !== '') log(name, text);
    });
  }
  const entry = { name, child, exited, done: false };
  exited.then((result) => {
    entry.done = true;
    if (child.pid) tellReaper({ remove: child.pid });
    if (service && !stopping) {
      const how = result.signal ? `signal ${result.signal}` : `code ${result.code}`;
      log('start', `${name} stopped unexpectedly (${how}); stopping everything.`);
      void shutdown(1);
    }
  });
  children.push(entry);
  return entry;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `url` until it answers 2xx; fails early if the service's process ends. */
async function waitUntilReady(entry, url, what) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (entry.done) throw new StartError(`${what} exited before it was ready (see its log above).`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(POLL_MS);
  }
  throw new StartError(`${what} was not ready after ${READY_TIMEOUT_MS / 1000}s (${url}).`);
}

function portIsFree(portNumber) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(portNumber, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

async function checkPorts(wanted) {
  const numbers = Object.values(wanted).map(([number]) => number);
  if (new Set(numbers).size !== numbers.length) {
    throw new StartError(`The ports must differ: ${Object.entries(wanted).map(([k, [n]]) => `${k}=${n}`).join(', ')}`);
  }
  const busy = [];
  for (const [name, [number]] of Object.entries(wanted)) {
    if (!(await portIsFree(number))) busy.push(`${number} (${name})`);
  }
  if (busy.length) {
    throw new StartError(`Port ${busy.join(', ')} already in use on 127.0.0.1. Stop what uses it or choose another port.`);
  }
}

// ---------------------------------------------------------------- build

function newestChange(entry, newest = 0) {
  let stat;
  try {
    stat = fs.statSync(entry);
  } catch {
    return newest;
  }
  if (!stat.isDirectory()) return Math.max(newest, stat.mtimeMs);
  for (const name of fs.readdirSync(entry)) {
    if (/\.test\.[cm]?[jt]sx?$/.test(name) || name === 'testing' || name === '__snapshots__') continue;
    newest = newestChange(path.join(entry, name), newest);
  }
  return newest;
}

function buildIsCurrent() {
  const index = path.join(ROOT, 'dist', 'index.html');
  if (!fs.existsSync(index)) return false;
  const inputs = ['src', 'public', 'webpack.config.ts', 'package-lock.json'].map((name) => path.join(ROOT, name));
  const newestInput = inputs.reduce((newest, input) => newestChange(input, newest), 0);
  return fs.statSync(index).mtimeMs >= newestInput;
}

async function buildIfNeeded() {
  if (buildIsCurrent()) return false;
  const began = performance.now();
  log('build', fs.existsSync(path.join(ROOT, 'dist', 'index.html')) ? 'dist/ is older than src/: building…' : 'no dist/: building…');
  // webpack's module and asset listing is long: show the outcome and the size report, and
  // everything only when the build fails.
  const output = [];
  const summary = /compiled|error|warning|chunks|first paint|home page/i;
  const entry = run('build', 'npm', ['run', '--silent', 'build'], {
    service: false,
    format: (line) => {
      if (output.length < 5000) output.push(line);
      return summary.test(line) ? line : null;
    },
  });
  const timer = setTimeout(() => signalGroup(entry.child.pid, 'SIGKILL'), BUILD_TIMEOUT_MS);
  const { code, signal } = await entry.exited;
  clearTimeout(timer);
  if (code !== 0) {
    for (const line of output) log('build', line);
    throw new StartError(`The build failed (${signal ?? `code ${code}`}).`);
  }
  // webpack leaves identical files untouched; mark the build as current.
  const now = new Date();
  fs.utimesSync(path.join(ROOT, 'dist', 'index.html'), now, now);
  log('build', `built in ${seconds(began)}`);
  return true;
}

// ---------------------------------------------------------------- services

function startAuthEmulator(settings) {
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
  return run('auth', path.join(ROOT, 'node_modules', '.bin', 'firebase'), args, {
    cwd: workDir,
    // Its own TMPDIR: the emulator keeps a per-project locator file there, so two shops
    // (say, the tests' and yours) do not mix up their exports.
    childEnv: { ...env, TMPDIR: path.join(workDir, 'tmp'), NO_UPDATE_NOTIFIER: '1' },
  });
}

function apiEnvironment(settings) {
  const { ports } = settings;
  const apiEnv = {
    ...env,
    API_PORT: String(ports.api),
    API_HOST: '127.0.0.1',
    DATA_DIR: settings.dataDir,
    CLIENT_ORIGIN: `http://127.0.0.1:${ports.web},http://localhost:${ports.web}`,
    ADMIN_EMAILS: settings.adminEmails,
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
    });
  }
  return apiEnv;
}

/** What the SPA reads from /config.js. */
function clientEnvironment(settings) {
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
  client.IMAGE_HOST_URL = settings.realImageHost ? value('IMAGE_HOST_URL') : `${apiUrl}/image-host/1/upload`;
  if (isSet('IMAGE_HOST_KEY')) client.IMAGE_HOST_KEY = value('IMAGE_HOST_KEY');
  if (isSet('TOKEN_SYNC_URL')) client.TOKEN_SYNC_URL = value('TOKEN_SYNC_URL');
  return client;
}

function listen(server, portNumber) {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(portNumber, '127.0.0.1', () => resolve());
  });
}

// ---------------------------------------------------------------- stop

async function shutdown(code, reason) {
  if (stopping) return stopping;
  stopping = (async () => {
    if (reason) log('start', reason);
    if (webServer) {
      webServer.close();
      webServer.closeAllConnections();
    }
    const running = children.filter((entry) => !entry.done);
    for (const entry of running) signalGroup(entry.child.pid, 'SIGTERM');
    const allExited = Promise.all(running.map((entry) => entry.exited));
    const inTime = await Promise.race([allExited.then(() => true), sleep(STOP_TIMEOUT_MS).then(() => false)]);
    if (!inTime) {
      const late = running.filter((entry) => !entry.done).map((entry) => entry.name);
      log('start', `${late.join(', ')} did not stop within ${STOP_TIMEOUT_MS / 1000}s: killing.`);
    }
    // Anything left in the groups of what was running (helpers of a wrapper, a stuck service) goes
    // now; the groups of processes that ended earlier are not ours any more.
    for (const entry of running) signalGroup(entry.child.pid, 'SIGKILL');
    await Promise.race([allExited, sleep(2000)]);
    if (settings?.removeDataDirOnExit) fs.rmSync(settings.dataDir, { recursive: true, force: true });
    tellReaper({ done: true });
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
    for (const entry of children) if (!entry.done) signalGroup(entry.child.pid, 'SIGKILL');
    tellReaper({ done: true });
    process.exit(130);
  }
  if (stopping) return; // the same signal delivered twice (terminal and npm): one stop is enough
  firstSignalAt = now;
  void shutdown(0, `${signal === 'SIGINT' ? 'Ctrl-C' : signal}: stopping all services…`);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => onSignal(signal));

// ---------------------------------------------------------------- main

let settings;

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

async function main() {
  settings = settingsFromEnvironment();
  const { ports } = settings;
  const wanted = { WEB_PORT: [ports.web], API_PORT: [ports.api] };
  if (settings.emulator) wanted.AUTH_EMULATOR_PORT = [ports.auth];
  if (settings.sandbox) wanted.STRIPE_SANDBOX_PORT = [ports.stripe];
  await checkPorts(wanted);
  fs.mkdirSync(settings.dataDir, { recursive: true });
  startReaper();
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
    if (await buildIfNeeded()) timings.push(`build ${seconds(began)}`);
  })();
  const auth = settings.emulator
    ? timed('auth emulator', async () => {
        const entry = startAuthEmulator(settings);
        await waitUntilReady(entry, `http://127.0.0.1:${ports.auth}/`, 'The Auth emulator');
      })
    : Promise.resolve();
  const sandbox = settings.sandbox
    ? timed('payment sandbox', async () => {
        const entry = run('stripe', process.execPath, ['--import', 'tsx', 'sandbox/stripe/server.ts'], {
          childEnv: {
            ...env,
            STRIPE_SANDBOX_PORT: String(ports.stripe),
            STRIPE_SANDBOX_CLIENT_ORIGINS: `http://127.0.0.1:${ports.web},http://localhost:${ports.web}`,
            STRIPE_SANDBOX_DATA_DIR: path.join(settings.dataDir, 'stripe'),
          },
        });
        await waitUntilReady(entry, `http://127.0.0.1:${ports.stripe}/healthz`, 'The payment sandbox');
      })
    : Promise.resolve();
  const api = timed('API', async () => {
    const entry = run('api', process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      childEnv: apiEnvironment(settings),
      format: apiLine,
    });
    await waitUntilReady(entry, `http://127.0.0.1:${ports.api}/bookCatagories`, 'The API');
  });
  // Settle all before deciding, so a failure never leaves a promise rejecting unobserved.
  const results = await Promise.allSettled([build, auth, sandbox, api]);
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;

  if (settings.emulator && settings.demoData) {
    await timed('demo data', async () => {
      try {
        const done = await seedDemo({
          apiUrl: `http://127.0.0.1:${ports.api}`,
          authUrl: `http://127.0.0.1:${ports.auth}`,
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
    });
  } else if (!settings.emulator) {
    log('seed', 'real Firebase project: no demo accounts are created');
  }

  // The web app is served last, so once its URL answers, everything behind it is ready.
  const extraScripts = settings.sandbox ? [`http://127.0.0.1:${ports.stripe}/v3/`] : [];
  webServer = createStaticServer({ env: clientEnvironment(settings), extraScripts });
  await listen(webServer, ports.web);
  log('web', `serving dist/ on http://127.0.0.1:${ports.web}`);
  banner({ total: seconds(), detail: timings.join(', ') });
}

main().catch((error) => {
  const message = error instanceof StartError ? error.message : `Could not start: ${error?.stack ?? error}`;
  log('start', message);
  void shutdown(1);
});
