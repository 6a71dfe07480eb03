#!/usr/bin/env node
// Runs before `npm run test:e2e`: the browser tests drive the system's Chromium, never a
// downloaded one. CHROMIUM_PATH overrides the default /usr/bin/chromium.
import fs from 'node:fs';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
try {
  fs.accessSync(chromium, fs.constants.X_OK);
} catch {
  console.error(
    [
      `The browser tests need Chromium at ${chromium}, and it is not there.`,
      'Install it with:',
      '',
      '    sudo apt-get install chromium',
      '',
      '(Debian/Ubuntu package; or point CHROMIUM_PATH at another Chromium binary.)',
    ].join('\n'),
  );
  process.exit(1);
}
