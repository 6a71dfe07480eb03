import { expect, finalScreenshot, logIn, test } from './fixtures';

test('a buyer searches with a typo, filters, opens a book, books it from its page, and shares the search', async ({ page, browser }) => {
  await page.goto('/login');
  await logIn(page, 'buyer@bookresale.test');
  // Log-in ends by going home; searching before that would be overtaken by it.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  // After that navigation the focus moves to the new page's heading once it is drawn; typing
  // before then would lose what follows the first key to that move.
  await expect(page.getByRole('heading', { level: 1, name: 'Book Resale' })).toBeFocused();

  // The navbar's box: '/' focuses it, Enter searches. The typo still finds the book.
  await page.keyboard.press('/');
  await expect(page.getByRole('searchbox', { name: 'Search books' })).toBeFocused();
  await page.keyboard.type('prejudise');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=prejudise$/);
  const results = page.getByRole('article');
  await expect(results.first().getByRole('heading')).toHaveText('Pride and Prejudice');

  // Filters live in the URL.
  await page.getByRole('combobox', { name: 'Condition' }).selectOption({ label: 'Excillent' });
  await expect(page).toHaveURL(/condition=Excillent/);
  await page.getByLabel('Max price ($)').fill('10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/maxPrice=10/);
  await expect(page.getByRole('status').filter({ hasText: /book/ })).toHaveText('1 book');
  const shared = page.url();

  // Someone the link is sent to (signed out, another browser) sees the same results.
  const other = await browser.newContext();
  const visitor = await other.newPage();
  await visitor.goto(shared);
  await expect(visitor.getByRole('status').filter({ hasText: /book/ })).toHaveText('1 book');
  await expect(visitor.getByRole('article').first().getByRole('heading')).toHaveText('Pride and Prejudice');
  await other.close();

  // The book's own page, and 'Book Now' there.
  await results.first().getByRole('link', { name: 'Pride and Prejudice' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pride and Prejudice' })).toBeVisible();
  await expect(page.getByText('by Jane Austen', { exact: true })).toBeVisible();
  await expect(page).toHaveTitle('Pride and Prejudice · Book Resale');
  await page.getByRole('button', { name: 'Book Now' }).click();
  const modal = page.getByRole('dialog', { name: 'Pride and Prejudice' });
  await modal.getByLabel('Phone', { exact: true }).fill('+1 555 0123');
  await modal.getByLabel('Location', { exact: true }).fill('Springfield');
  await modal.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Booking Confirm')).toBeVisible();
  await expect(page.getByText('Booked: pay for it from My Orders')).toBeVisible();
  await finalScreenshot(page, 'g-search-book-page');
});

test('on a phone the results come first: the filters wait behind one button, opened and applied with the keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/search?q=history');
  const firstTitle = page.getByRole('article').first().getByRole('heading');
  await expect(firstTitle).toBeVisible();
  const box = await firstTitle.boundingBox();
  expect(box, 'the first result has a box').not.toBeNull();
  expect((box?.y ?? Infinity) + (box?.height ?? 0), 'the first result is on the first 400 px').toBeLessThanOrEqual(400);
  await expect(page.getByRole('combobox', { name: 'Category' })).toBeHidden();

  // The button waits for the app; then Enter opens the dialog and Tab walks its fields.
  const filters = page.getByRole('button', { name: 'Filters', exact: true });
  await expect(filters).toBeEnabled();
  await filters.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Filters' });
  await expect(dialog).toBeVisible();
  const maxPrice = dialog.getByLabel('Max price ($)');
  for (let tab = 0; tab < 6 && !(await maxPrice.evaluate((field) => field === document.activeElement)); tab += 1) {
    await page.keyboard.press('Tab');
  }
  await expect(maxPrice).toBeFocused();
  await page.keyboard.type('50');
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/search\?q=history&maxPrice=50$/);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeFocused();
  await finalScreenshot(page, 'g-search-phone-filters');
});
