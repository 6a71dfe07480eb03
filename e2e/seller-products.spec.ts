import path from 'node:path';
import { expect, finalScreenshot, signUp, test, uniqueEmail } from './fixtures';

const IMAGE = path.join(__dirname, '..', 'scripts', 'demo-assets', 'book-cover-green.png');

test('a seller adds a product with an image, finds it listed, and deletes it', async ({ page }) => {
  await signUp(page, { name: 'Sid Seller', email: uniqueEmail('seller'), role: 'seller' });
  const product = `Dune (e2e ${Date.now().toString(36)})`;

  await page.getByRole('navigation', { name: 'main' }).getByRole('link', { name: 'DashBoard' }).click();
  const menu = page.getByRole('navigation', { name: 'dashboard' });
  await menu.getByRole('link', { name: 'Add Product' }).click();
  await page.getByLabel('Product name').fill(product);
  await page.getByLabel('Resale price').fill('9.5');
  await page.getByLabel('Original price').fill('21');
  await page.getByLabel('Phone').fill('+1 555 0177');
  await page.getByLabel('Location').fill('Tucson');
  await page.getByLabel('Category').selectOption({ label: 'Science' });
  await page.getByLabel('Years of use').fill('3 years');
  await page.getByLabel('Condition').selectOption('Good');
  await page.getByLabel('Description').fill('Spine a little worn.');
  await page.getByLabel('Image', { exact: true }).setInputFiles(IMAGE);
  await expect(page.getByText('Chosen: book-cover-green.png')).toBeVisible();
  await page.getByRole('button', { name: 'Add Product' }).click();

  await expect(page.getByText(`${product} is added successfully`)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/myproducts$/);
  const table = page.getByRole('table', { name: 'My Products' });
  const row = table.getByRole('row').filter({ hasText: product });
  await expect(row).toContainText('$9.5');
  await expect(page.getByText('my products : 1')).toBeVisible();

  await page.goto('/bookCatagoriesId/science');
  const card = page.getByRole('article', { name: product });
  await expect(card).toBeVisible();
  await expect(card.getByRole('img', { name: product })).toHaveJSProperty('complete', true);
  await expect.poll(() => card.getByRole('img', { name: product }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);

  await page.goto('/dashboard/myproducts');
  await row.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Are You Want To Delete Product?' });
  await expect(dialog).toContainText(`If you are delete ${product}`);
  await dialog.getByRole('button', { name: 'Delete Confirm' }).click();
  await expect(page.getByText('Delete Successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0);
  await expect(page.getByText('my products : 0')).toBeVisible();
  await finalScreenshot(page, 'd-seller-product-deleted');
});
