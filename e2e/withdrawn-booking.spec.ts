import path from 'node:path';
import { expect, finalScreenshot, signUp, test, uniqueEmail } from './fixtures';

const IMAGE = path.join(__dirname, '..', 'scripts', 'demo-assets', 'book-cover-green.png');

test('a booked book shows Booked with a way to pay; its seller is warned before deleting it; its buyer then sees it withdrawn', async ({
  page,
  browser,
}) => {
  // A seller lists a book.
  await signUp(page, { name: 'Wes Seller', email: uniqueEmail('seller'), role: 'seller' });
  const product = `Emma (e2e ${Date.now().toString(36)})`;
  await page.goto('/dashboard/addproducts');
  await page.getByLabel('Product name').fill(product);
  await page.getByLabel('Resale price').fill('7');
  await page.getByLabel('Phone').fill('+1 555 0188');
  await page.getByLabel('Location').fill('Tucson');
  await page.getByLabel('Category').selectOption({ label: 'Science' });
  await page.getByLabel('Image', { exact: true }).setInputFiles(IMAGE);
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page).toHaveURL(/\/dashboard\/myproducts$/);

  // A buyer, in another browser, books it: its card then says Booked and offers to pay.
  const buyerContext = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const buyer = await buyerContext.newPage();
  await signUp(buyer, { name: 'Bea Buyer', email: uniqueEmail('buyer'), role: 'Buyer' });
  await buyer.goto('/bookCatagoriesId/science');
  const card = buyer.getByRole('article', { name: product });
  await card.getByRole('button', { name: 'Book Now' }).click();
  const modal = buyer.getByRole('dialog', { name: product });
  await modal.getByLabel('Phone', { exact: true }).fill('+1 555 0123');
  await modal.getByLabel('Location', { exact: true }).fill('Springfield');
  await modal.getByRole('button', { name: 'Submit' }).click();
  await expect(buyer.getByText('Booking Confirm')).toBeVisible();
  await expect(card.getByText('Booked', { exact: true })).toBeVisible();
  await expect(card.getByRole('link', { name: 'Pay now' })).toHaveAttribute('href', /^\/dashboard\/payment\//);
  await expect(card.getByRole('button', { name: 'Book Now' })).toHaveCount(0);

  // The seller is told how many buyers the delete affects.
  await page.goto('/dashboard/myproducts');
  const row = page.getByRole('table', { name: 'My Products' }).getByRole('row').filter({ hasText: product });
  await row.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Are You Want To Delete Product?' });
  await expect(dialog).toContainText(`If you are delete ${product}`);
  await expect(dialog).toContainText('1 buyer has booked this book. Deleting it withdraws their booking.');
  await dialog.getByRole('button', { name: 'Delete Confirm' }).click();
  await expect(page.getByText('Delete Successfully')).toBeVisible();

  // The buyer's order stays, and says why it can no longer be paid.
  await buyer.goto('/dashboard');
  const order = buyer.getByRole('table', { name: 'My Orders' }).getByRole('row').filter({ hasText: product });
  await expect(order).toContainText('This book was withdrawn by the seller');
  await expect(order.getByRole('link', { name: 'Pay' })).toHaveCount(0);
  await finalScreenshot(buyer, 'h-buyer-sees-withdrawn-booking');
  await buyerContext.close();
});
