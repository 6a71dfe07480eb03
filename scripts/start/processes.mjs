// The processes `npm start` runs: each in its own process group with its output prefixed, a
// watcher (scripts/reaper.mjs) that stops them should the launcher vanish, readiness polling,
// and a stop that ends every one of them.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import { log, StartError } from './output.mjs';
import { ROOT } from './settings.mjs';

const READY_TIMEOUT_MS = 120_000;
const POLL_MS = 150;

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

export class Processes {
  /** Everything started here: the services, and the build while it runs. */
  #children = [];
  #reaper = null;
  /** Set once a stop has begun: a service ending after that is expected. */
  stopping = false;

  /** @param {(name: string) => void} onServiceExit what to do when a service ends on its own */
  constructor(onServiceExit) {
    this.onServiceExit = onServiceExit;
  }

  startReaper() {
    this.#reaper = spawn(process.execPath, [path.join(ROOT, 'scripts', 'reaper.mjs')], {
      detached: true,
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    this.#reaper.unref();
    this.#reaper.channel?.unref();
  }

  tellReaper(message) {
    try {
      if (this.#reaper?.connected) this.#reaper.send(message);
    } catch {
      // the reaper is optional protection; never fail because of it
    }
  }

  /** Runs a command in its own process group, its output prefixed with `name`. */
  run(name, command, args, { cwd = ROOT, childEnv = process.env, format = (line) => line, service = true } = {}) {
    const child = spawn(command, args, { cwd, env: childEnv, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => resolve({ code, signal }));
      child.once('error', (error) => {
        log(name, `could not run ${command}: ${error.message}`);
        resolve({ code: 127, signal: null });
      });
    });
    if (child.pid) this.tellReaper({ add: child.pid });
    for (const stream of [child.stdout, child.stderr]) {
      readline.createInterface({ input: stream }).on('line', (line) => {
        const text = format(line);
        if (text !== null && text.trim() !== '') log(name, text);
      });
    }
    const entry = { name, child, exited, done: false };
    exited.then((result) => {
      entry.done = true;
      if (child.pid) this.tellReaper({ remove: child.pid });
      if (service && !this.stopping) {
        const how = result.signal ? `signal ${result.signal}` : `code ${result.code}`;
        log('start', `${name} stopped unexpectedly (${how}); stopping everything.`);
        this.onServiceExit(name);
      }
    });
    this.#children.push(entry);
    return entry;
  }

  /** SIGTERM to every running group, then SIGKILL to what is left after `timeoutMs`. */
  async stopAll(timeoutMs) {
    this.stopping = true;
    const running = this.#children.filter((entry) => !entry.done);
    for (const entry of running) signalGroup(entry.child.pid, 'SIGTERM');
    const allExited = Promise.all(running.map((entry) => entry.exited));
    const inTime = await Promise.race([allExited.then(() => true), sleep(timeoutMs).then(() => false)]);
    if (!inTime) {
      const late = running.filter((entry) => !entry.done).map((entry) => entry.name);
      log('start', `${late.join(', ')} did not stop within ${timeoutMs / 1000}s: killing.`);
    }
    // Anything left in the groups of what was running (helpers of a wrapper, a stuck service) goes
    // now; the groups of processes that ended earlier are not ours any more.
    for (const entry of running) signalGroup(entry.child.pid, 'SIGKILL');
    await Promise.race([allExited, sleep(2000)]);
    this.tellReaper({ done: true });
  }

  /** No waiting: for a second Ctrl-C. */
  killAll() {
    this.stopping = true;
    for (const entry of this.#children) if (!entry.done) signalGroup(entry.child.pid, 'SIGKILL');
    this.tellReaper({ done: true });
  }
}

/** Polls `url` until it answers 2xx; fails early if the service's process ends. */
export async function waitUntilReady(entry, url, what) {
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

/** @param {Record<string, number>} wanted port numbers by setting name */
export async function checkPorts(wanted) {
  const numbers = Object.values(wanted);
  if (new Set(numbers).size !== numbers.length) {
    throw new StartError(`The ports must differ: ${Object.entries(wanted).map(([k, n]) => `${k}=${n}`).join(', ')}`);
  }
  const busy = [];
  for (const [name, number] of Object.entries(wanted)) {
    if (!(await portIsFree(number))) busy.push(`${number} (${name})`);
  }
  if (busy.length) {
    throw new StartError(`Port ${busy.join(', ')} already in use on 127.0.0.1. Stop what uses it or choose another port.`);
  }
}
