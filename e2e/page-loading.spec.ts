import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/*
 * Going from one page to another in the app, the next page's code may take a while on a phone.
 * Meanwhile the loading view keeps the room the page will take (src/app/pages.tsx): the footer
 * does not rise into view and drop out again when the page arrives.
 */

/** Holds the scripts matching `pattern` back until the answer is called. */
async function holdScript(page: Page, pattern: RegExp): Promise<() => void> {
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

/** Where the footer's top is, and the viewport's height, in CSS pixels. */
const footerTop = (page: Page) =>
  page.evaluate(() => ({ top: Math.round(document.querySelector('footer')!.getBoundingClientRect().top), viewport: window.innerHeight }));

/** The home page, live: its links are handled by the app, not by a new page load. */
async function openHomeLive(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'main' }).getByRole('link', { name: 'Log In' })).toBeVisible();
  await page.waitForLoadState('networkidle');
}

test.describe('on a wide screen', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a page taller than the screen keeps the footer below the fold while its code arrives', async ({ page }) => {
    await openHomeLive(page);
    const release = await holdScript(page, /\/static\/js\/page-blog\.[0-9a-f]+\.chunk\.js$/);
    await page.getByRole('navigation', { name: 'main' }).getByRole('link', { name: 'Blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole('progressbar', { name: 'Loading' })).toBeVisible();
    const loading = await footerTop(page);
    expect(loading.top).toBeGreaterThanOrEqual(loading.viewport);

    release();
    await expect(page.getByText('React vs. Angular vs. Vue?')).toBeVisible();
    const shown = await footerTop(page);
    expect(shown.top).toBeGreaterThanOrEqual(shown.viewport);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 412, height: 823 }, hasTouch: true });

  test('a page that fits on the screen has the footer where the page leaves it while its code arrives', async ({ page }) => {
    await openHomeLive(page);
    const release = await holdScript(page, /\/static\/js\/page-login\.[0-9a-f]+\.chunk\.js$/);
    await page.getByRole('navigation', { name: 'main' }).getByRole('link', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('progressbar', { name: 'Loading' })).toBeVisible();
    const loading = await footerTop(page);
    expect(loading.top).toBeLessThan(loading.viewport);

    release();
    await expect(page.getByRole('form', { name: 'Log In' })).toBeVisible();
    const shown = await footerTop(page);
    expect(Math.abs(shown.top - loading.top)).toBeLessThanOrEqual(1);
  });
});
