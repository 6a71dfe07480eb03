import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumPath, ports, webUrl } from './e2e/support/env';

// One fresh shop per run. The config is read again by each worker: the directory made by the
// first read travels to the workers through the environment, so only one is made.
process.env.E2E_DATA_DIR ||= fs.mkdtempSync(path.join(os.tmpdir(), 'book-resale-e2e-'));

export default defineConfig({
  testDir: './e2e',
  testMatch: '*.spec.ts',
  outputDir: './test-results',
  // A file's journeys run in order; two files at once (E2E_WORKERS to change it). The journeys share
  // one shop, so each makes its own accounts and books, or reads demo data nobody else changes.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS) || 2,
  projects: [
    // The demo data the accessibility sweep reads, made once; then the sweep's views, each role
    // and width a test of its own, run side by side (the longest file, else the run's tail).
    { name: 'demo-trust', testMatch: 'demo-trust.setup.ts' },
    { name: 'sweep', testMatch: 'a11y.spec.ts', dependencies: ['demo-trust'], fullyParallel: true },
    { name: 'journeys', testIgnore: ['a11y.spec.ts', 'demo-trust.setup.ts'] },
  ],
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // .ci/run reads the counts from the JSON report.
  reporter: process.env.E2E_JSON_REPORT ? [['list'], ['json', { outputFile: process.env.E2E_JSON_REPORT }]] : [['list']],
  use: {
    baseURL: webUrl,
    browserName: 'chromium',
    headless: true,
    trace: 'off',
    screenshot: 'off',
    video: 'off',
    actionTimeout: 15_000,
    navigationTimeout: 20_000,
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node scripts/start.mjs',
    url: `${webUrl}/`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    // start.mjs stops its services on SIGTERM (the emulator, API and sandbox run in their own
    // process groups, so a group kill would not reach them).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
    env: {
      WEB_PORT: String(ports.web),
      API_PORT: String(ports.api),
      AUTH_EMULATOR_PORT: String(ports.auth),
      STRIPE_SANDBOX_PORT: String(ports.stripe),
      MAIL_SMTP_PORT: String(ports.mailSmtp),
      MAIL_WEB_PORT: String(ports.mailWeb),
      BOOK_METADATA_SANDBOX_PORT: String(ports.bookMetadata),
      DATA_DIR: process.env.E2E_DATA_DIR,
      DATA_DIR_REMOVE_ON_EXIT: '1',
      ADMIN_EMAILS: 'admin@bookresale.test',
      DEMO_DATA: '1',
      // Many sign-ups a minute from one address: the tests, not an attack.
      RATE_LIMIT_PER_MINUTE: '0',
      // Deadlines pass on cue: an admin moves one order's clock (POST /test/orders/:id/elapse),
      // and the sweep runs every second. The deadlines are the API's defaults, whatever the shell says.
      ORDER_TIME_TRAVEL: '1',
      ORDER_SWEEP_INTERVAL_MS: '1000',
      // The Stats pages' rollups every second, so a view shows on the next page load.
      INSIGHT_ROLLUP_INTERVAL_MS: '1000',
      ORDER_PAY_WITHIN: '',
      ORDER_SHIP_WITHIN: '',
      ORDER_HANDOVER_WITHIN: '',
      ORDER_AUTO_RECEIVE_AFTER: '',
      ORDER_PROBLEM_WINDOW: '',
      CLIENT_URL: '',
      MAIL_FROM: '',
      // Always the offline stand-ins, whatever keys the shell has.
      FIREBASE_API_KEY: '',
      FIREBASE_AUTH_DOMAIN: '',
      FIREBASE_PROJECT_ID: '',
      FIREBASE_AUTH_EMULATOR_HOST: '',
      STRIPE_SECRET_KEY: '',
      STRIPE_PUBLISHABLE_KEY: '',
      STRIPE_WEBHOOK_SECRET: '',
      IMAGE_HOST_URL: '',
      IMAGE_HOST_KEY: '',
      DATABASE_URL: '',
      SMTP_URL: '',
      TOKEN_SYNC_URL: '',
      BOOK_METADATA_URL: '',
      BOOK_COVERS_URL: '',
      // The book-metadata sandbox answers at once and never fails, whatever the shell says.
      BOOK_METADATA_SANDBOX_DELAY_MS: '',
      BOOK_METADATA_SANDBOX_FAIL_WITH: '',
      LOG_LEVEL: 'warn',
    },
  },
});
