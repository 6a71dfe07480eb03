import type { Locator, Page } from '@playwright/test';
import { expect, finalScreenshot, logInAs, test, uniqueEmail } from './fixtures';
import { createUser } from './support/accounts';

/**
 * Listing by ISBN, and hearing of it: in real Chromium against the whole shop (the book-metadata
 * stand-in fills the form in). A buyer saves an ISBN as wanted from an empty search; a seller types
 * that ISBN, the form fills, and they list the book; the buyer's bell counts it without a reload,
 * and the notification opens the book.
 */

/** The Hunger Games: in the stand-in's catalogue (sandbox/openlibrary/), not in the shop's seed. */
const ISBN = '9780439023481';

const bellOf = (page: Page): Locator => page.getByRole('navigation', { name: 'main' }).getByRole('link', { name: /^Notifications/ });

test('a buyer wants an ISBN; a seller lists it from its ISBN; the buyer hears of it live and opens it', async ({ page, openBrowser }) => {
  test.setTimeout(150_000);
  const buyer = { name: 'Wendy Wanter', email: uniqueEmail('wanter') };
  const seller = { name: 'Isaac Isbn', email: uniqueEmail('isbn-seller') };
  await createUser({ ...buyer, role: 'Buyer' });
  await createUser({ ...seller, role: 'seller' });

  // The buyer searches for the ISBN, finds nothing, and asks to be told.
  await logInAs(page, buyer.email);
  await page.goto(`/search?q=${ISBN}`);
  await page.getByRole('button', { name: "Tell me when it's listed" }).click();
  const dialog = page.getByRole('dialog', { name: "Tell me when it's listed" });
  await expect(dialog).toContainText(`ISBN ${ISBN}`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText("Saved: we'll tell you when it's listed")).toBeVisible();
  await page.goto('/dashboard/wanted');
  await expect(page.getByRole('heading', { level: 1, name: 'Wanted' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(`ISBN ${ISBN}`);
  const bell = bellOf(page);
  await expect(bell).toHaveAccessibleName('Notifications');
  await page.evaluate(() => {
    (window as unknown as { untouched?: boolean }).untouched = true;
  });

  // The seller types the ISBN; the lookup fills the form in.
  const sellerPage = await openBrowser();
  await logInAs(sellerPage, seller.email);
  await sellerPage.goto('/dashboard/addproducts');
  await sellerPage.getByLabel('ISBN').fill(ISBN);
  await sellerPage.getByRole('button', { name: 'Look up' }).click();
  await expect(sellerPage.getByText('Filled in from the ISBN: check every field')).toBeVisible();
  await expect(sellerPage.getByLabel('Product name')).toHaveValue('The Hunger Games');
  await expect(sellerPage.getByLabel('Author')).toHaveValue('Suzanne Collins');
  await expect(sellerPage.getByRole('img', { name: 'Cover found by the ISBN' })).toBeVisible();
  const title = `The Hunger Games (${Date.now().toString(36)})`;
  await sellerPage.getByLabel('Product name').fill(title);
  await sellerPage.getByLabel('Resale price').fill('7');
  await sellerPage.getByLabel('Original price').fill('12');
  await sellerPage.getByLabel('Phone').fill('+1 555 0190');
  await sellerPage.getByLabel('Location').fill('Denver');
  await sellerPage.getByLabel('Category').selectOption({ label: 'Fiction' });
  await sellerPage.getByLabel('Years of use').fill('1 year');
  await sellerPage.getByLabel('Condition').selectOption('Good');
  await expect(sellerPage.getByText('Read, with light wear; no missing pages')).toBeVisible();
  await sellerPage.getByLabel('Description').fill('A clean copy.');
  await finalScreenshot(sellerPage, 'listing/add-product-from-isbn');
  await sellerPage.getByRole('button', { name: 'Add Product' }).click();
  await expect(sellerPage.getByText(`${title} is added successfully`)).toBeVisible();

  // The buyer's bell counts it without a reload; the notification opens the book.
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  expect(await page.evaluate(() => (window as unknown as { untouched?: boolean }).untouched === true)).toBe(true);
  await bell.click();
  const news = page.getByRole('list', { name: 'Notifications' }).getByRole('link');
  await news.filter({ hasText: `A book you want was listed: ${title} for $7.00` }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveURL(/\/books\/[0-9a-f]{24}$/);
  await finalScreenshot(page, 'listing/wanted-book-opened');
});
