import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { expect, finalScreenshot, signUp, test, uniqueEmail } from './fixtures';

const ROWS = 500;
/** The rows the check refuses: a price that is not one, an unknown condition, a SKU twice. */
const BAD_ROWS = 3;

test('a seller drops an inventory file, reads its errors, applies it, finds a book in search and downloads the same rows', async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page, { name: 'Dora Dealer', email: uniqueEmail('dealer'), role: 'seller' });
  const stamp = `inv${Date.now().toString(36)}`;

  await page.getByRole('navigation', { name: 'main' }).getByRole('link', { name: 'DashBoard' }).click();
  await page.getByRole('navigation', { name: 'dashboard' }).getByRole('link', { name: 'Inventory' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inventory' })).toBeVisible();
  await page.getByLabel('Phone').fill('+1 555 0123');
  await page.getByLabel('Location').fill('Tucson');
  await page.getByRole('button', { name: 'Save defaults' }).click();
  await expect(page.getByText('Defaults saved')).toBeVisible();

  const lines = ['SKU,Title,Author,Condition,Price,Description'];
  for (let i = 0; i < ROWS - BAD_ROWS; i += 1) lines.push(`${stamp}-${i},"Ledger ${stamp} volume ${i}",Ada Author,Good,${5 + (i % 7)}.50,"A clean copy, no marks"`);
  lines.push(`${stamp}-bad-price,Broken Price,Ada Author,Good,cheap,`);
  lines.push(`${stamp}-bad-condition,Broken Condition,Ada Author,Mint,5,`);
  lines.push(`${stamp}-0,Twice,Ada Author,Good,5,`);
  const file = `${lines.join('\r\n')}\r\n`;

  // Dropped on the page, as a file from the desktop would be.
  const dataTransfer = await page.evaluateHandle((text) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([text], 'stock.csv', { type: 'text/csv' }));
    return transfer;
  }, file);
  await page.getByTestId('inventory-drop').dispatchEvent('drop', { dataTransfer });

  await expect(page.getByRole('heading', { name: 'Latest import: stock.csv' })).toBeVisible();
  await expect(page.getByText('Checked: nothing changed yet')).toBeVisible({ timeout: 30_000 });
  const errors = page.getByRole('table', { name: 'Rows with errors' });
  await expect(errors.getByRole('row')).toHaveCount(1 + BAD_ROWS);
  await expect(errors).toContainText('"cheap" is not a price in dollars');
  await expect(errors).toContainText('Unknown condition "Mint"');
  await expect(errors).toContainText(`The SKU "${stamp}-0" is also on row 2`);

  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Applied$/ })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('New', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText(String(ROWS - BAD_ROWS));
  await finalScreenshot(page, 'i-inventory-applied');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my inventory (CSV)' }).click();
  const saved = await (await download).path();
  const rows = parse(await readFile(saved, 'utf8'), { bom: true, columns: true }) as Record<string, string>[];
  expect(rows).toHaveLength(ROWS - BAD_ROWS);
  expect(rows.map((row) => row.sku)).toEqual(Array.from({ length: ROWS - BAD_ROWS }, (_, i) => `${stamp}-${i}`));
  expect(rows[3]).toMatchObject({ title: `Ledger ${stamp} volume 3`, author: 'Ada Author', condition: 'Good', price: '8.50', description: 'A clean copy, no marks', location: 'Tucson' });

  await page.goto(`/search?q=${encodeURIComponent(`${stamp} volume 42`)}`);
  await expect(page.getByRole('article', { name: `Ledger ${stamp} volume 42` })).toBeVisible();
});
