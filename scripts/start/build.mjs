// Builds the SPA before serving it when dist/ is missing or older than its sources.
import fs from 'node:fs';
import path from 'node:path';
import { log, seconds, StartError } from './output.mjs';
import { signalGroup } from './processes.mjs';
import { ROOT } from './settings.mjs';

const BUILD_TIMEOUT_MS = 300_000;
// The prerenderer writes the shell first: its presence marks a build of this layout.
const INDEX = path.join(ROOT, 'dist', 'app.html');

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
  if (!fs.existsSync(INDEX)) return false;
  const inputs = ['src', 'public', 'webpack.config.ts', 'scripts/prerender.mjs', 'package-lock.json'].map((name) => path.join(ROOT, name));
  const newestInput = inputs.reduce((newest, input) => newestChange(input, newest), 0);
  return fs.statSync(INDEX).mtimeMs >= newestInput;
}

/**
 * Runs `npm run build` through `processes` when needed; answers whether it built.
 * @param {import('./processes.mjs').Processes} processes
 */
export async function buildIfNeeded(processes) {
  if (buildIsCurrent()) return false;
  const began = performance.now();
  log('build', fs.existsSync(INDEX) ? 'dist/ is older than src/: building…' : 'no dist/: building…');
  // webpack's module and asset listing is long: show the outcome and the size report, and
  // everything only when the build fails.
  const output = [];
  const summary = /compiled|error|warning|chunks|first paint|home page/i;
  const entry = processes.run('build', 'npm', ['run', '--silent', 'build'], {
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
  fs.utimesSync(INDEX, now, now);
  log('build', `built in ${seconds(began)}`);
  return true;
}
