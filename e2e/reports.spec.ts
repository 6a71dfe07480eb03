import { expect, finalScreenshot, logInAs, test, uniqueEmail } from './fixtures';
import { createUser } from './support/accounts';
import { bellOf, markDocument, sameDocument } from './support/orderPage';
import { accessToken, ADMIN_EMAIL, callApi, sellerWithBook } from './support/orders';

/**
 * A report and its outcome, in real Chromium against the whole shop: a buyer reports a listing
 * from its page; an admin finds it in the reports queue and hides the listing, saying why; the
 * listing is gone from the shop (its page is a 404, search no longer finds it); the reporter's
 * bell counts the outcome live and the notification says what was done; the seller is told too.
 */

interface SellerNotification {
  kind: string;
  bookName: string;
  action?: string;
  reason?: string;
}

test('a buyer reports a listing; the admin hides it with a reason; it is gone and the reporter is told', async ({ page, openBrowser }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const seller = { name: `Sid Seller reports ${stamp}`, email: uniqueEmail('reports-seller') };
  const buyer = { name: `Bea Buyer reports ${stamp}`, email: uniqueEmail('reports-buyer') };
  const listed = await sellerWithBook(seller, `The Annals (reports ${stamp})`);
  await createUser({ ...buyer, role: 'Buyer' });

  // The buyer reports the listing from its page, once the page is live.
  await logInAs(page, buyer.email);
  await page.goto(`/books/${listed.id}`);
  await expect(page.getByRole('navigation', { name: 'main' }).getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await page.getByRole('button', { name: 'Report this book' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report this book' });
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Choose a reason')).toBeVisible();
  await dialog.getByRole('radio', { name: 'Fake or misdescribed' }).check();
  const complaint = 'The photo is of another edition; the seller lists the same copy under three titles.';
  await dialog.getByLabel('What happened (optional)').fill(complaint);
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Thanks, an admin will look at it')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The buyer waits elsewhere in the shop; nothing is unread yet.
  await page.goto('/dashboard');
  const bell = bellOf(page);
  await expect(bell).toHaveAccessibleName('Notifications');
  await markDocument(page);

  // The admin finds the report in the queue: what, whom, who and why.
  const adminPage = await openBrowser();
  await logInAs(adminPage, ADMIN_EMAIL);
  await adminPage.goto('/dashboard/reports');
  const row = adminPage.getByRole('grid', { name: 'Reports' }).getByRole('row').filter({ hasText: listed.name });
  await expect(row).toContainText('Book');
  await expect(row).toContainText(seller.name);
  await expect(row).toContainText(buyer.name);
  await expect(row).toContainText('Fake or misdescribed');
  await expect(row).toContainText(complaint);
  await expect(row).toContainText('Open');
  await expect(row.getByRole('link', { name: listed.name })).toHaveAttribute('href', `/books/${listed.id}`);

  // Hiding it asks for a reason first.
  await row.getByRole('button', { name: 'Hide', exact: true }).click();
  const decision = adminPage.getByRole('dialog', { name: 'Hide it from everyone?' });
  await expect(decision).toContainText(listed.name);
  await decision.getByRole('button', { name: 'Hide', exact: true }).click();
  await expect(decision.getByText('Give a reason')).toBeVisible();
  const why = 'Misleading listing: the photo shows another edition.';
  await decision.getByLabel('Reason').fill(why);
  await decision.getByRole('button', { name: 'Hide', exact: true }).click();
  await expect(decision).toBeHidden();
  // The report leaves the open queue; among the actioned ones it says what was done, by whom and
  // why, and the listing can no longer be hidden nor the report dismissed.
  await expect(row).toHaveCount(0);
  await adminPage.getByRole('combobox', { name: 'State' }).selectOption({ label: 'Actioned' });
  await expect(row).toContainText('Actioned');
  await expect(row).toContainText('Hidden');
  await expect(row).toContainText(new RegExp(`Hidden by Ada Admin, .+: ${why}`));
  await expect(row.getByRole('button', { name: 'Hide', exact: true })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Dismiss', exact: true })).toHaveCount(0);
  await expect(row.getByRole('link', { name: listed.name })).toHaveCount(0);

  // The reporter's bell counts the outcome without a reload; the notification says what was done.
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  expect(await sameDocument(page), "the reporter's page was never reloaded").toBe(true);
  await bell.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const outcome = page.getByRole('list', { name: 'Notifications' }).getByRole('link').filter({ hasText: listed.name });
  await expect(outcome).toContainText(`We acted on your report about ${listed.name}: it was hidden`);

  // The listing is gone: its page says so with a 404, and search finds nothing of it.
  const answer = await page.goto(`/books/${listed.id}`);
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'This book is no longer listed.' })).toBeVisible();
  await page.goto(`/search?q=${encodeURIComponent(listed.name)}`);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.getByRole('link', { name: new RegExp(listed.name.replace(/[()]/g, '\\$&')) })).toHaveCount(0);

  // The seller is told what an admin did to their listing, and why.
  const notifications = await callApi<SellerNotification[]>('GET', '/notifications', await accessToken(seller.email));
  expect(notifications.filter((notification) => notification.kind === 'moderated')).toEqual([
    expect.objectContaining({ bookName: listed.name, action: 'hide', reason: why }),
  ]);
  await finalScreenshot(page, 'reports/listing-gone');
  await finalScreenshot(adminPage, 'reports/queue-after-hide');
});
