import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type BrowserContext, type Page, type Route } from '@playwright/test';
import { openConfirmationLink } from './support/accounts';
import { authEmulatorUrl, webUrl } from './support/env';

export { expect };

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
const ARTIFACTS = path.join(__dirname, 'artifacts');
const GAPI_SCRIPT = fs.readFileSync(path.join(__dirname, 'support', 'gapi-stand-in.js'), 'utf8');

/**
 * The Auth emulator's own sign-in page (the fake Google account chooser) links a stylesheet,
 * fonts and a script from public CDNs. They are cosmetic (the page checks `window.mdc` before
 * using it), so for requests made by the emulator's pages they are answered with empty bodies.
 */
const EMULATOR_PAGE_ASSETS: Array<{ pattern: RegExp; contentType: string }> = [
  { pattern: /^https:\/\/unpkg\.com\/material-components-web@[^/]+\/dist\/material-components-web\.min\.css$/, contentType: 'text/css' },
  { pattern: /^https:\/\/unpkg\.com\/material-components-web@[^/]+\/dist\/material-components-web\.min\.js$/, contentType: 'text/javascript' },
  { pattern: /^https:\/\/fonts\.googleapis\.com\/(icon|css2)\?/, contentType: 'text/css' },
];

interface Fixtures {
  /** Serve the local gapi stand-in for apis.google.com/js/api.js (Google sign-in tests). */
  googleStandIn: boolean;
  /**
   * Requests to any host but 127.0.0.1/localhost, aborted and recorded. Each test fails at its
   * end when this is not empty; a test that expects one removes it from the list itself.
   */
  offsiteRequests: string[];
  /** What the Google stand-in answered in place of other hosts (for assertions). */
  standInRequests: string[];
  /**
   * Content-Security-Policy violations reported by any page or frame of the test (the browser's
   * `securitypolicyviolation` events). Each test fails at its end when this is not empty; a test
   * that provokes one on purpose removes it from the list itself.
   */
  cspViolations: string[];
  /**
   * Opens a page in a browser context of its own: another person at another computer (a seller
   * watching their dashboard while a buyer pays, say), signed out at first. Its requests are held
   * to the same rules as `page`'s (local hosts only, no CSP violation), checked when the test ends.
   */
  openBrowser: () => Promise<Page>;
}

/** What a page reports of a `securitypolicyviolation` event. */
interface CspViolation {
  directive: string;
  blocked: string;
  source: string;
  line: number;
  sample: string;
  page: string;
}

const REPORT_CSP_VIOLATION = '__reportCspViolation';

/** Runs in every page and frame before its own scripts: hands each violation to the test. */
function listenForCspViolations(binding: string) {
  document.addEventListener('securitypolicyviolation', (event) => {
    const report = (window as unknown as Record<string, ((violation: CspViolation) => void) | undefined>)[binding];
    report?.({
      directive: event.effectiveDirective,
      blocked: event.blockedURI,
      source: event.sourceFile,
      line: event.lineNumber,
      sample: event.sample,
      page: event.documentURI,
    });
  });
}

function requestingFrameUrl(route: Route): string {
  try {
    return route.request().frame().url();
  } catch {
    return '';
  }
}

async function installGoogleStandIn(context: BrowserContext, served: string[]) {
  await context.route(/^https:\/\/apis\.google\.com\/js\/api\.js(\?.*)?$/, async (route) => {
    served.push(route.request().url());
    await route.fulfill({ status: 200, contentType: 'text/javascript; charset=utf-8', body: GAPI_SCRIPT });
  });
  await context.route(/^https:\/\/(unpkg\.com|fonts\.googleapis\.com)\//, async (route) => {
    const url = route.request().url();
    const asset = EMULATOR_PAGE_ASSETS.find(({ pattern }) => pattern.test(url));
    if (!asset || !requestingFrameUrl(route).startsWith(`${authEmulatorUrl}/`)) {
      await route.fallback(); // not the emulator page's asset: the guard below decides
      return;
    }
    served.push(url);
    await route.fulfill({ status: 200, contentType: asset.contentType, body: '' });
  });
}

/** Requests to any host but the local ones are aborted and written down in `offsite`. */
async function blockOffsite(context: BrowserContext, offsite: string[]) {
  await context.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    if (LOCAL_HOSTS.has(url.hostname)) {
      await route.continue();
      return;
    }
    offsite.push(`${route.request().method()} ${url.href}`);
    await route.abort('blockedbyclient');
  });
}

/** Every page and frame of `context` reports its CSP violations into `violations`. */
async function reportCspViolations(context: BrowserContext, violations: string[]) {
  await context.exposeBinding(REPORT_CSP_VIOLATION, (_source, violation: CspViolation) => {
    const where = violation.source ? ` (${violation.source}:${violation.line})` : '';
    const sample = violation.sample ? ` "${violation.sample}"` : '';
    violations.push(`${violation.directive} blocked ${violation.blocked || 'inline'}${sample} on ${violation.page}${where}`);
  });
  await context.addInitScript(listenForCspViolations, REPORT_CSP_VIOLATION);
}

export const test = base.extend<Fixtures>({
  googleStandIn: [false, { option: true }],
  standInRequests: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await use([]);
    },
    { scope: 'test' },
  ],
  offsiteRequests: [
    async ({ context, googleStandIn, standInRequests }, use) => {
      const offsite: string[] = [];
      // Registered first, so it runs last: routes added later (the stand-in) take precedence.
      await blockOffsite(context, offsite);
      if (googleStandIn) await installGoogleStandIn(context, standInRequests);
      await use(offsite);
      expect(offsite, 'requests to hosts other than 127.0.0.1/localhost').toEqual([]);
    },
    { auto: true },
  ],
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await reportCspViolations(context, violations);
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  openBrowser: [
    async ({ browser }, use) => {
      const contexts: BrowserContext[] = [];
      const offsite: string[] = [];
      const violations: string[] = [];
      await use(async () => {
        const context = await browser.newContext({ baseURL: webUrl });
        contexts.push(context);
        await blockOffsite(context, offsite);
        await reportCspViolations(context, violations);
        return context.newPage();
      });
      for (const context of contexts) await context.close();
      expect(offsite, 'requests to hosts other than 127.0.0.1/localhost (other browsers)').toEqual([]);
      expect(violations, 'Content-Security-Policy violations (other browsers)').toEqual([]);
    },
    { scope: 'test' },
  ],
});

/** Each journey ends with a picture of its last screen in e2e/artifacts/<name>.png (`name` may hold folders). */
export async function finalScreenshot(page: Page, name: string): Promise<void> {
  const file = path.join(ARTIFACTS, `${name}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.mouse.move(0, 0); // no hover effect on the last button clicked
  await page.screenshot({ path: file, fullPage: true });
}

/** A unique address per test run, so runs never meet each other's accounts. */
export function uniqueEmail(label: string): string {
  return `${label}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@e2e.test`;
}

export const DEMO_PASSWORD = 'demo1234';

export async function logIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  const form = page.getByRole('form', { name: 'Log In' });
  // The prerendered form keeps its button disabled until the app is live; typing earlier is lost.
  await expect(form.getByRole('button', { name: 'Log In', exact: true })).toBeEnabled();
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Log In', exact: true }).click();
}

/** Opens the log-in page and signs in; done once the form has gone (the app took the session). */
export async function logInAs(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await logIn(page, email, password);
  await expect(page.getByRole('form', { name: 'Log In' })).toHaveCount(0);
}

export async function signUp(
  page: Page,
  { name, email, password = DEMO_PASSWORD, role }: { name: string; email: string; password?: string; role: 'Buyer' | 'seller' },
): Promise<void> {
  await page.goto('/signup');
  const form = page.getByRole('form', { name: 'Sign Up' });
  // The page arrives prerendered; its submit button waits for the app. Typing before then can be
  // lost when the app takes the form over, so the journey, like a person, waits for it.
  await expect(form.getByRole('button', { name: 'Sign Up', exact: true })).toBeEnabled();
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('combobox', { name: 'Role' }).selectOption({ label: role });
  await form.getByRole('button', { name: 'Sign Up', exact: true }).click();
  // The shop waits for the address to be confirmed; the user opens the mailed link.
  await expect(page.getByRole('status')).toContainText(`Check your inbox to confirm ${email}`);
  await openConfirmationLink(email);
  await expect(page.getByText('user create successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
}

/** Holds back the requests matching `pattern` until the answer is called (a slow chunk or API on cue). */
export async function holdRequests(page: Page, pattern: RegExp): Promise<() => void> {
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
