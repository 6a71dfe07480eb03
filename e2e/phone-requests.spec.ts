import { devices } from '@playwright/test';
import { expect, test } from './fixtures';

/*
 * A phone's user agent changes what the identity SDK does at start: given a pop-up resolver,
 * it preloads Google's helper script on every page. Every public page, opened as a phone,
 * must send nothing off this machine (the fixture aborts and reports any such request) until
 * the user asks for Google sign-in.
 */
const { defaultBrowserType: _browser, ...pixel } = devices['Pixel 7'];
test.use({ ...pixel, isMobile: true, hasTouch: true });

const PUBLIC_ROUTES = ['/', '/blog', '/login', '/signup', '/search?q=hobbit'];

for (const route of PUBLIC_ROUTES) {
  test(`a phone opening ${route} sends no request off the machine`, async ({ page }) => {
    await page.goto(route);
    await expect(page.getByRole('navigation', { name: 'main' })).toBeVisible();
    expect(await page.evaluate(() => navigator.userAgent)).toMatch(/Android/);
    // The identity SDK loads after the first paint. The navbar offers Log In only once the SDK
    // has started and found nobody signed in; by then any preload has been asked for. Then wait
    // until the network has been quiet.
    await expect(page.getByRole('navigation', { name: 'main' }).getByRole('link', { name: 'Log In' })).toBeVisible();
    await page.waitForLoadState('networkidle');
  });
}
