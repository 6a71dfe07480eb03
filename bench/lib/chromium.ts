/** Debian's Chromium as the browser benches launch it. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './processes';

export const CHROMIUM = '/usr/bin/chromium';

/**
 * Flags for every bench browser. The proxy nobody listens on keeps the bench on this machine:
 * Chromium sends loopback addresses around a proxy, and everything else (a third-party script,
 * say) fails at once as it would offline, and shows up as a failed request.
 */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--proxy-server=http://127.0.0.1:9',
];

/** Fails early, with what to do, when the build or the browser is missing. */
export function assertBuildAndBrowser(): void {
  if (!existsSync(path.join(ROOT, 'dist', 'index.html'))) throw new Error('No build: run npm run build first (npm run bench does).');
  if (!existsSync(CHROMIUM)) throw new Error('Chromium is missing: sudo apt-get install chromium');
}

/** False for a request that would leave this machine (data:, blob: and the like never do). */
export function staysOnMachine(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return true;
  }
  if (!/^(https?|wss?):$/.test(parsed.protocol)) return true;
  return /^(127(\.\d{1,3}){3}|localhost|\[::1\])$/.test(parsed.hostname);
}
