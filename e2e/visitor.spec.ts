import { expect, finalScreenshot, logIn, test } from './fixtures';

test('a visitor browses home and blog, is sent to log in for the dashboard, and comes back to it', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Book Catagory' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Fiction' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Life hack' })).toBeVisible();

  await page.getByRole('navigation', { name: 'main' }).getByRole('link', { name: 'Blog' }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByText('What is a unit test? Why should we write unit tests?')).toBeVisible();
  await expect(page.getByText('React vs. Angular vs. Vue?')).toBeVisible();

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('form', { name: 'Log In' })).toBeVisible();

  await logIn(page, 'buyer@bookresale.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  const orders = page.getByRole('table', { name: 'My Orders' });
  await expect(orders.getByRole('row').filter({ hasText: 'Clean Code (demo copy)' }).getByRole('link', { name: 'Pay' })).toBeVisible();
  await expect(orders.getByRole('row').filter({ hasText: 'The Hobbit (demo copy)' })).toContainText('paid');
  await finalScreenshot(page, 'a-visitor-logs-in-and-returns');
});

test('a signed-in buyer who comes back later is still signed in, before touching any sign-in form', async ({ page, context }) => {
  await page.goto('/login');
  await logIn(page, 'buyer@bookresale.test');
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  // The home page loads the identity SDK only when the browser holds a saved session, found by the
  // key Firebase Auth keeps it under (src/features/auth/storedSession.ts). Should the SDK change
  // that key, the returning buyer would read as signed out here.
  const keys = await page.evaluate(() => Object.keys(window.localStorage));
  expect(keys.some((key) => key.startsWith('firebase:authUser:'))).toBe(true);

  const later = await context.newPage();
  await later.goto('/');
  await expect(later.getByRole('heading', { name: 'Book Catagory' })).toBeVisible();
  await expect(later.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await expect(later.getByRole('link', { name: 'Log In' })).toHaveCount(0);
});
