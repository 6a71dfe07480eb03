import { expect, finalScreenshot, test } from './fixtures';

test('a bad route shows the error page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Something went to wrong' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign Out' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to home' })).toBeVisible();
  await finalScreenshot(page, 'f-bad-route');
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page.getByRole('heading', { name: 'Book Catagory' })).toBeVisible();
});
