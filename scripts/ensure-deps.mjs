#!/usr/bin/env node
// Runs before `npm start` and `npm test`: installs the dependencies from the lockfile
// (`npm ci`) when node_modules is missing or older than package-lock.json, so a fresh
// clone needs no other command. Node built-ins only: it runs before anything is installed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const INSTALL_TIMEOUT_MS = 20 * 60 * 1000;

const mtime = (file) => {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
};

const lockfile = mtime(path.join(ROOT, 'package-lock.json'));
const installed = mtime(path.join(ROOT, 'node_modules', '.package-lock.json'));

let reason;
if (lockfile === undefined) reason = undefined; // no lockfile: nothing to install from
else if (installed === undefined) reason = 'node_modules is missing';
else if (installed < lockfile) reason = 'package-lock.json changed since the last install';

if (reason) {
  console.log(`${reason}: running npm ci…`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['ci'], { cwd: ROOT, stdio: 'inherit', timeout: INSTALL_TIMEOUT_MS });
  if (result.error || result.status !== 0) {
    console.error(`npm ci failed${result.error ? `: ${result.error.message}` : ` (exit ${result.status})`}.`);
    process.exit(1);
  }
}
