import { expect, finalScreenshot, logIn, test, uniqueEmail } from './fixtures';
import { createUser } from './support/accounts';

test('the admin makes a buyer a seller, verifies a seller and deletes a user', async ({ page }) => {
  const buyer = { name: 'Bea Promoted', email: uniqueEmail('promote'), role: 'Buyer' as const };
  const seller = { name: 'Vic Verified', email: uniqueEmail('verify'), role: 'seller' as const };
  const doomed = { name: 'Dan Deleted', email: uniqueEmail('delete'), role: 'seller' as const };
  for (const user of [buyer, seller, doomed]) await createUser(user);

  await page.goto('/login');
  await logIn(page, 'admin@bookresale.test');
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await page.getByRole('navigation', { name: 'main' }).getByRole('link', { name: 'DashBoard' }).click();
  const menu = page.getByRole('navigation', { name: 'dashboard' });

  // All Buyer: make the buyer a seller.
  await menu.getByRole('link', { name: 'All Buyer' }).click();
  const buyers = page.getByRole('grid', { name: 'All Buyer' });
  const buyerRow = buyers.getByRole('row').filter({ hasText: buyer.email });
  await buyerRow.getByRole('button', { name: 'Make seller' }).click();
  await expect(page.getByText(`${buyer.name} seller successfully`)).toBeVisible();
  await expect(buyerRow).toHaveCount(0); // no longer a buyer

  // All seller: the promoted buyer is there; verify the other seller.
  await menu.getByRole('link', { name: 'All seller' }).click();
  const sellers = page.getByRole('grid', { name: 'All seller' });
  await expect(sellers.getByRole('row').filter({ hasText: buyer.email })).toBeVisible();
  const sellerRow = sellers.getByRole('row').filter({ hasText: seller.email });
  await sellerRow.getByRole('button', { name: 'Make Admin seller verify' }).click();
  await expect(page.getByText(`${seller.name} seller verify successfully`)).toBeVisible();
  await expect(sellerRow.getByRole('img', { name: 'verified' })).toBeVisible();
  await expect(sellerRow.getByRole('button', { name: 'Make Admin seller verify' })).toHaveCount(0);

  // Delete a user, confirming in the dialog.
  const doomedRow = sellers.getByRole('row').filter({ hasText: doomed.email });
  await doomedRow.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this user?' });
  await expect(dialog).toContainText(`${doomed.name} will be removed for good.`);
  await dialog.getByRole('button', { name: 'Delete user' }).click();
  await expect(page.getByText('Delete Successfully')).toBeVisible();
  await expect(doomedRow).toHaveCount(0);
  await expect(dialog).toBeHidden(); // the dialog has closed, not only begun to fade
  await finalScreenshot(page, 'e-admin-user-deleted');
});
