import type { Page } from '@playwright/test';
import { expect, holdRequests, logIn, test } from './fixtures';

/*
 * Going from one page to another in the app, the next page's code may take a while on a phone.
 * Meanwhile the loading view keeps the room the page will take (src/app/pages.tsx): the footer
 * does not rise into view and drop out again when the page arrives.
 */

/** Where the footer's top is, and the viewport's height, in CSS pixels. */
const footerTop = (page: Page) =>
  page.evaluate(() => ({ top: Math.round(document.querySelector('footer')!.getBoundingClientRect().top), viewport: window.innerHeight }));

/**
 * From the live home page (its links handled by the app, not by a new page load), follows the
 * navbar's `link` while the page's chunk is held back, and waits for the loading view. Returns
 * where the footer is meanwhile, and the release of the chunk.
 */
async function followWhileChunkHeld(page: Page, link: string, chunk: RegExp, url: RegExp) {
  await page.goto('/');
  const navbar = page.getByRole('navigation', { name: 'main' });
  await expect(navbar.getByRole('link', { name: 'Log In' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const release = await holdRequests(page, chunk);
  await navbar.getByRole('link', { name: link }).click();
  await expect(page).toHaveURL(url);
  await expect(page.getByRole('progressbar', { name: 'Loading' })).toBeVisible();
  return { loading: await footerTop(page), release };
}

test.describe('on a wide screen', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a page taller than the screen keeps the footer below the fold while its code arrives', async ({ page }) => {
    const { loading, release } = await followWhileChunkHeld(page, 'Blog', /\/static\/js\/page-blog\.[0-9a-f]+\.chunk\.js$/, /\/blog$/);
    expect(loading.top).toBeGreaterThanOrEqual(loading.viewport);

    release();
    await expect(page.getByText('React vs. Angular vs. Vue?')).toBeVisible();
    const shown = await footerTop(page);
    expect(shown.top).toBeGreaterThanOrEqual(shown.viewport);
  });

  test('search keeps the footer below the fold while its first results load', async ({ page }) => {
    // Opened as a page, a search arrives with its results (src/ssr/README.md); searched from a
    // live page, the app fetches them.
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'main' }).getByRole('link', { name: 'Log In' })).toBeVisible();
    const release = await holdRequests(page, /\/books\/search\?/);
    await page.getByRole('searchbox', { name: 'Search books' }).fill('book');
    await page.getByRole('searchbox', { name: 'Search books' }).press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Results for “book”' })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Loading' })).toBeVisible();
    const loading = await footerTop(page);
    expect(loading.top).toBeGreaterThanOrEqual(loading.viewport);

    release();
    await expect(page.getByRole('status').filter({ hasText: /\bbooks?$/ })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Loading' })).toHaveCount(0);
  });

  test('a dashboard page keeps no room while its code arrives: nothing follows it there', async ({ page, request }) => {
    const contents = (await (await request.get('/chunk-names.json')).json()) as Record<string, string>;
    const allSellerChunks = Object.keys(contents).filter((file) => contents[file].includes('AllSellerPage'));
    expect(allSellerChunks.length).toBeGreaterThan(0);

    await page.goto('/login');
    await logIn(page, 'admin@bookresale.test');
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await page.getByRole('navigation', { name: 'main' }).getByRole('link', { name: 'DashBoard' }).click();
    const menu = page.getByRole('navigation', { name: 'dashboard' });
    await expect(menu.getByRole('link', { name: 'All seller' })).toBeVisible();
    // My Orders has settled. Not 'networkidle': a signed-in page keeps its live stream of
    // notifications (GET /events) open, so the network never goes idle.
    await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);

    const release = await holdRequests(page, new RegExp(`/static/js/(${allSellerChunks.map((file) => file.replace(/\./g, '\\.')).join('|')})$`));
    await menu.getByRole('link', { name: 'All seller' }).click();
    await expect(page.getByRole('progressbar', { name: 'Loading' })).toBeVisible();
    const height = await page.evaluate(() => ({ document: document.documentElement.scrollHeight, viewport: window.innerHeight }));
    expect(height.document).toBeLessThanOrEqual(height.viewport);

    release();
    await expect(page.getByRole('grid', { name: 'All seller' })).toBeVisible();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 412, height: 823 }, hasTouch: true });

  test('a page that fits on the screen has the footer where the page leaves it while its code arrives', async ({ page }) => {
    const { loading, release } = await followWhileChunkHeld(page, 'Log In', /\/static\/js\/page-login\.[0-9a-f]+\.chunk\.js$/, /\/login$/);
    expect(loading.top).toBeLessThan(loading.viewport);

    release();
    await expect(page.getByRole('form', { name: 'Log In' })).toBeVisible();
    const shown = await footerTop(page);
    expect(Math.abs(shown.top - loading.top)).toBeLessThanOrEqual(1);
  });
});
