import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, holdRequests, test } from './fixtures';
import { apiUrl } from './support/env';

/*
 * The public pages arrive as HTML (src/ssr/README.md) and the app hydrates that markup: no
 * mismatch is reported, and no node the HTML made is thrown away and drawn again. The pages of a
 * book, a seller and a search are rendered per request with the API's answers.
 */

declare global {
  interface Window {
    __removedFromRoot?: number;
  }
}

/** Counts the nodes taken out of #root's markup from the moment the HTML is parsed. */
async function watchRoot(page: Page) {
  await page.addInitScript(() => {
    window.__removedFromRoot = 0;
    const observer = new MutationObserver((records) => {
      const root = document.getElementById('root');
      if (!root) return;
      observer.disconnect();
      new MutationObserver((changes) => {
        for (const change of changes) {
          // Elements only: text a component sets after hydration is not the markup being thrown away.
          const removed = Array.from(change.removedNodes).filter((node) => node.nodeType === Node.ELEMENT_NODE);
          window.__removedFromRoot = (window.__removedFromRoot ?? 0) + removed.length;
        }
      }).observe(root, { childList: true, subtree: true });
      void records;
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}

/** Holds the app's script back, so the page stays plain HTML while the user acts; call the answer to let it go. */
const holdAppScript = (page: Page) => holdRequests(page, /\/static\/js\/main\.[0-9a-f]+\.js$/);

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** A demo book for sale ("The Histories"), and its seller, as the API has them. */
async function demoBook(): Promise<{ id: string; sellerId: string }> {
  const found = (await (await fetch(`${apiUrl}/books/search?q=${encodeURIComponent('The Histories')}`)).json()) as {
    items: Array<{ _id: string; name: string }>;
  };
  const id = found.items.find((book) => book.name === 'The Histories')!._id;
  const book = (await (await fetch(`${apiUrl}/books/${id}`)).json()) as { sellerId: string };
  return { id, sellerId: book.sellerId };
}

const ROUTES: Array<{ path: string | (() => Promise<string>); name?: string; inHtml: string[]; ready: (page: Page) => Promise<void> }> = [
  {
    path: '/',
    // The web server renders the cards with the current category list.
    inHtml: ['Book Catagory', 'Fiction', 'Life hack'],
    ready: async (page) => {
      await expect(page.getByRole('link', { name: 'Fiction' })).toBeVisible();
    },
  },
  {
    path: '/blog',
    inHtml: ['What is a unit test? Why should we write unit tests?'],
    ready: async (page) => {
      await expect(page.getByText('React vs. Angular vs. Vue?')).toBeVisible();
    },
  },
  {
    path: '/login',
    inHtml: ['Log In', 'continue with Google'],
    ready: async (page) => {
      await expect(page.getByRole('form', { name: 'Log In' })).toBeVisible();
    },
  },
  {
    path: '/signup',
    inHtml: ['Sign Up', 'continue with Google'],
    ready: async (page) => {
      await expect(page.getByRole('form', { name: 'Sign Up' })).toBeVisible();
    },
  },
  {
    name: '/books/:id',
    path: async () => `/books/${(await demoBook()).id}`,
    inHtml: ['The Histories', 'by Herodotus', '$8.50', 'Log in to see the phone number'],
    ready: async (page) => {
      await expect(page.getByRole('button', { name: 'Book Now' })).toBeVisible();
    },
  },
  {
    name: '/sellers/:id',
    path: async () => `/sellers/${(await demoBook()).sellerId}`,
    inHtml: ['Book Resale Store', 'Books for sale', 'The Histories'],
    ready: async (page) => {
      await expect(page.getByRole('link', { name: 'The Histories', exact: true })).toBeVisible();
    },
  },
  {
    path: '/search?q=history',
    inHtml: ['Results for “history”', 'The Histories'],
    ready: async (page) => {
      await expect(page.getByRole('link', { name: 'The Histories', exact: true })).toBeVisible();
    },
  },
];

for (const route of ROUTES) {
  test(`${route.name ?? String(route.path)} arrives as HTML with its styles and hydrates without a mismatch`, async ({ page, request }) => {
    const path = typeof route.path === 'string' ? route.path : await route.path();
    const answer = await request.get(path);
    const html = await answer.text();
    expect(answer.status()).toBe(200);
    expect(html).toContain(`data-prerendered="${new URL(path, 'http://localhost').pathname}"`);
    for (const text of route.inHtml) expect(html).toContain(text);
    expect(html).toMatch(/<style data-emotion="css [^"]+">/);
    // The settings are in the page: no script request stands before the first paint.
    expect(html).not.toContain('<script src="/config.js">');

    await watchRoot(page);
    const errors = collectErrors(page);
    await page.goto(path);
    await route.ready(page);
    // Signed out, once the identity SDK has started: the app is live on the same nodes.
    await expect(page.getByRole('navigation', { name: 'main' }).getByRole('link', { name: 'Log In' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    expect(await page.evaluate(() => window.__removedFromRoot)).toBe(0);
  });
}

for (const [path, form] of [
  ['/login', 'Log In'],
  ['/signup', 'Sign Up'],
] as const) {
  test(`${path} asks for no script its HTML did not name before it is live (no chunk waterfall)`, async ({ page, request }) => {
    const html = await (await request.get(path)).text();
    const named = new Set([...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="(\/static\/js\/[^"]+)"/g)].map((match) => match[1]));
    // The form's rules (Yup) are fetched by the live form once it has mounted, on purpose
    // (src/lib/lazySchema.ts): the build's chunk-names.json says which scripts hold them.
    const contents = (await (await request.get('/chunk-names.json')).json()) as Record<string, string>;
    const rules = new Set(Object.keys(contents).filter((file) => /\byup\b|authSchemas/.test(contents[file])).map((file) => `/static/js/${file}`));
    expect(rules.size).toBeGreaterThan(0);
    const asked: string[] = [];
    page.on('request', (sent) => {
      const { pathname } = new URL(sent.url());
      if (pathname.startsWith('/static/js/')) asked.push(pathname);
    });
    await page.goto(path);
    // The submit button waits for the app: enabled, the form is live.
    await expect(page.getByRole('form', { name: form }).getByRole('button', { name: form, exact: true })).toBeEnabled();
    const beforeLive = [...asked];
    expect(beforeLive.length).toBeGreaterThan(1);
    expect(beforeLive.filter((script) => !named.has(script) && !rules.has(script))).toEqual([]);
  });
}

test('/ asks for no script its HTML did not name before it is live: the app layer is preloaded too', async ({ page, request }) => {
  const html = await (await request.get('/')).text();
  const named = new Set([...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="(\/static\/js\/[^"]+)"/g)].map((match) => match[1]));
  expect([...named].some((script) => /\/app-layer\.[0-9a-f]+\.chunk\.js$/.test(script))).toBe(true);
  const asked: string[] = [];
  page.on('request', (sent) => {
    const { pathname } = new URL(sent.url());
    if (pathname.startsWith('/static/js/')) asked.push(pathname);
  });
  await page.goto('/');
  // Log In shows once the app knows nobody is signed in: the page is live.
  await expect(page.getByRole('navigation', { name: 'main' }).getByRole('link', { name: 'Log In' })).toBeVisible();
  expect(asked.filter((script) => !named.has(script))).toEqual([]);
});

test("the pages rendered with the API's answers ask for no script their HTML did not name before they are live", async ({ page, request }) => {
  const { id, sellerId } = await demoBook();
  for (const path of [`/books/${id}`, `/sellers/${sellerId}`, '/search?q=history']) {
    const html = await (await request.get(path)).text();
    const named = new Set([...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="(\/static\/js\/[^"]+)"/g)].map((match) => match[1]));
    expect([...named].some((script) => /\/page-(book|seller|search)\.[0-9a-f]+\.chunk\.js$/.test(script)), path).toBe(true);
    const asked: string[] = [];
    const listen = (sent: { url(): string }) => {
      const { pathname } = new URL(sent.url());
      if (pathname.startsWith('/static/js/')) asked.push(pathname);
    };
    page.on('request', listen);
    await page.goto(path);
    await expect(page.getByRole('navigation', { name: 'main' }).getByRole('link', { name: 'Log In' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    page.off('request', listen);
    expect(asked.filter((script) => !named.has(script)), path).toEqual([]);
  }
});

test('when the app cannot finish loading, the page says so and its HTML stays readable', async ({ page }) => {
  let attempts = 0;
  await page.route(/\/static\/js\/app-layer\.[0-9a-f]+\.chunk\.js$/, async (route) => {
    attempts += 1;
    await route.abort('connectionfailed');
  });
  await page.goto('/');
  await expect(page.getByRole('alert')).toHaveText('The shop could not finish loading. Check your connection, then reload the page.');
  await expect(page.getByRole('heading', { name: 'Book Catagory' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Second-hand books, first-hand stories' })).toBeVisible();
  // The preload, the first try and the one more try.
  expect(attempts).toBeGreaterThanOrEqual(2);

  await page.goto('/dashboard');
  await expect(page.getByRole('alert')).toHaveText('The shop could not finish loading. Check your connection, then reload the page.');
});

test('the prerendered log-in form works once hydrated', async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Log In' });
  await form.getByRole('button', { name: 'Log In', exact: true }).click();
  // Validation messages come from the app's form code, so the markup is live.
  await expect(form.getByText(/required/i).first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(errors).toEqual([]);
});

test('a route that is not prerendered starts from the empty shell', async ({ request }) => {
  const html = await (await request.get('/dashboard')).text();
  expect(html).toContain('<div id="root"></div>');
  expect(html).not.toContain('data-prerendered');
});

test('a submit before the app is live never sends the password in the address', async ({ page }) => {
  const release = await holdAppScript(page);
  await page.goto('/login', { waitUntil: 'commit' });
  const form = page.getByRole('form', { name: 'Log In' });
  await form.getByLabel('Email').fill('someone@example.com');
  await form.getByLabel('Password').fill('secret-password');
  await form.getByLabel('Password').press('Enter');
  await form.getByRole('button', { name: 'Log In', exact: true }).click({ force: true });
  expect(page.url()).not.toContain('secret-password');
  await expect(form.getByRole('button', { name: 'Log In', exact: true })).toBeDisabled();

  release();
  await expect(form.getByRole('button', { name: 'Log In', exact: true })).toBeEnabled();
  expect(page.url()).toMatch(/\/login$/);
});

test('what is typed into the prerendered log-in form before the app is live is kept and used', async ({ page }) => {
  const release = await holdAppScript(page);
  await page.goto('/login', { waitUntil: 'commit' });
  const form = page.getByRole('form', { name: 'Log In' });
  await form.getByLabel('Email').fill('buyer@bookresale.test');
  release();
  // Typed while the app was starting: after it is live, both fields still hold their text.
  await form.getByLabel('Password').fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await expect(form).toHaveCount(0);
});

test('the bar does not move when the session becomes known, so a click as it does still lands', async ({ page }) => {
  const release = await holdAppScript(page);
  await page.goto('/', { waitUntil: 'commit' });
  const bar = page.getByRole('navigation', { name: 'main' });
  const blog = bar.getByRole('link', { name: 'Blog' });
  const before = await blog.boundingBox();
  expect(before).not.toBeNull();
  await expect(bar.getByRole('link', { name: 'Log In' })).toHaveCount(0);

  release();
  await expect(bar.getByRole('link', { name: 'Log In' })).toBeVisible();
  expect(await blog.boundingBox()).toEqual(before);
});
