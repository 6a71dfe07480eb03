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
  // The cover decoded, with the upload's shape (120 × 180). The card picks a copy from its
  // srcset, so the browser scales the natural size by the copy's width descriptor: compare shapes.
  const shape = () =>
    card.getByRole('img', { name: product }).evaluate((img: HTMLImageElement) => ({
      decoded: img.naturalWidth > 0,
      // The scaled natural sizes are rounded to whole pixels: a shape within 3 % of 1.5.
      uploadShape: Math.abs(img.naturalHeight / img.naturalWidth - 1.5) < 0.045,
      fromSrcset: img.currentSrc.includes('?w='),
    }));
  await expect.poll(shape).toEqual({ decoded: true, uploadShape: true, fromSrcset: true });

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
