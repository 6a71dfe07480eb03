import type { Locator, Page } from '@playwright/test';
import { expect, finalScreenshot, logInAs, test, uniqueEmail } from './fixtures';
import path from 'node:path';
import { createUser } from './support/accounts';
import { apiUrl } from './support/env';

/**
 * Listing by ISBN, and hearing of it: in real Chromium against the whole shop (the book-metadata
 * stand-in fills the form in). A buyer saves an ISBN as wanted from an empty search; a seller types
 * that ISBN, the form fills, they add two photos of the copy and reorder them by keyboard, and list
 * the book; the buyer's bell counts it without a reload, and the notification opens the book.
 */

/** The Hunger Games: in the stand-in's catalogue (sandbox/openlibrary/), not in the shop's seed. */
const ISBN = '9780439023481';
const PHOTO = (colour: 'green' | 'blue') => path.join(__dirname, '..', 'scripts', 'demo-assets', `book-cover-${colour}.png`);

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
  // The page comes rendered by the server; its buttons work once the app is live (the bar knows the session).
  await expect(page.getByRole('navigation', { name: 'main' }).getByRole('button', { name: 'Sign Out' })).toBeVisible();
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
  // Two photos of the copy join the looked-up cover; the spine goes before the back, by keyboard.
  await sellerPage.getByLabel('Image', { exact: true }).setInputFiles([PHOTO('green'), PHOTO('blue')]);
  const photos = sellerPage.getByRole('listitem', { name: /^Photo \d of 3$/ });
  await expect(photos).toHaveCount(3);
  await expect(sellerPage.getByRole('listitem', { name: 'Photo 1 of 3' })).toContainText('Cover');
  await expect(sellerPage.getByRole('listitem', { name: 'Photo 3 of 3' })).toContainText('book-cover-blue.png');
  await sellerPage.getByRole('listitem', { name: 'Photo 3 of 3' }).getByRole('button', { name: 'Move earlier' }).focus();
  await sellerPage.keyboard.press('Enter');
  await expect(sellerPage.getByText('Photo 3 of 3 moved to position 2')).toHaveAttribute('aria-live', 'polite');
  await expect(sellerPage.getByRole('listitem', { name: 'Photo 2 of 3' })).toContainText('book-cover-blue.png');
  await expect(sellerPage.getByRole('listitem', { name: 'Photo 2 of 3' }).getByRole('button', { name: 'Move earlier' })).toBeFocused();
  await finalScreenshot(sellerPage, 'listing/add-product-from-isbn');
  await sellerPage.getByRole('button', { name: 'Add Product' }).click();
  await expect(sellerPage.getByText(`${title} is added successfully`)).toBeVisible();
  const listed = (await (await fetch(`${apiUrl}/books/search?q=${encodeURIComponent(title)}`)).json()) as { items: { name: string; images: string[] }[] };
  const book = listed.items.find((item) => item.name === title);
  // The cover from the ISBN, then the blue photo moved before the green one.
  expect(book?.images).toHaveLength(3);

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
