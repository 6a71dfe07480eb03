import type { Locator, Page } from '@playwright/test';
import { expect, finalScreenshot, logInAs, test, uniqueEmail } from './fixtures';
import { createUser } from './support/accounts';
import { book, pay } from './support/checkout';
import { accessToken, ADMIN_EMAIL, callApi, sellerWithBook, type ListedBook, type Person } from './support/orders';

/**
 * Sellers paid, in real Chromium against the whole shop: a new seller's book is paid for and the
 * order completes; the seller sets up payouts on the payment sandbox's hosted onboarding page
 * (Stripe's test bank numbers), withdraws, and sees the money on its way and then paid out (the
 * sandbox's signed `account.updated` and `payout.paid` reach the API); the admin sees the payout
 * and the commission. A second seller's bank number fails its payouts: they see the failure and
 * the money back in available.
 */

/** The book sells at $12 (sellerWithBook): the seller keeps $12 less 8 %, $11.04. */
const KEPT = '$11.04';

/** One of the four balance figures on My Earnings: its amount. */
const figure = (page: Page, name: string): Locator => page.locator('dt', { hasText: new RegExp(`^${name}$`) }).locator('xpath=following-sibling::dd[1]');

interface Order {
  _id: string;
  bookName: string;
  handoverCode?: string;
}

/** The buyer books and pays in the browser; the order is then carried to completed by its two sides, as their order pages do. */
async function soldAndCompleted(page: Page, seller: Person, buyer: Person, listed: ListedBook) {
  await logInAs(page, buyer.email);
  await book(page, listed, { method: 'meetup', phone: '+1 555 0188' });
  expect(await pay(page, listed.name)).toMatch(/^pi_/);
  const [buyerToken, sellerToken] = await Promise.all([accessToken(buyer.email), accessToken(seller.email)]);
  const orders = await callApi<Order[]>('GET', `/bookings?email=${encodeURIComponent(buyer.email)}`, buyerToken);
  const orderId = orders.find((order) => order.bookName === listed.name)?._id ?? '';
  await callApi('POST', `/bookings/${orderId}/transitions`, sellerToken, { to: 'ready' });
  const { handoverCode } = await callApi<Order>('GET', `/bookings/${orderId}`, buyerToken);
  await callApi('POST', `/bookings/${orderId}/transitions`, sellerToken, { to: 'received', code: handoverCode });
  const done = await callApi<{ state: string }>('POST', `/bookings/${orderId}/transitions`, buyerToken, { to: 'completed' });
  expect(done.state).toBe('completed');
}

/** From My Earnings to the sandbox's hosted onboarding page and back, with `accountNumber`. */
async function setUpPayouts(page: Page, name: string, accountNumber: string) {
  await page.goto('/dashboard/earnings');
  await expect(page.getByText('Set up payouts to get paid. You can sell before you do; your earnings wait in Available.')).toBeVisible();
  await page.getByRole('button', { name: 'Set up payouts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Stripe test mode: set up payouts' })).toBeVisible();
  await page.getByLabel('First name').fill(name);
  await page.getByLabel('Last name').fill('Seller');
  await expect(page.getByLabel('Routing number')).toHaveValue('110000000');
  await page.getByLabel('Account number').fill(accountNumber);
  await page.getByLabel('I accept the Stripe Connected Account Agreement').check();
  await finalScreenshot(page, 'payouts/onboarding-page');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(/\/dashboard\/earnings\?payouts=return$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Earnings' })).toBeVisible();
  // The account is active once the provider says so (its account.updated event), not on return.
  await expect(page.getByText('Payouts go to your bank every Monday.')).toBeVisible({ timeout: 30_000 });
}

function people(label: string): { seller: Person; buyer: Person } {
  return {
    seller: { name: `Pat Payee ${label}`, email: uniqueEmail(`${label}-payee`) },
    buyer: { name: `Bo Buyer ${label}`, email: uniqueEmail(`${label}-buyer`) },
  };
}

const title = (label: string) => `Meditations (${label} ${Date.now().toString(36)})`;

test('a new seller sets up payouts on the hosted page, withdraws, and is paid out; the admin sees the payout and the commission', async ({
  page,
  openBrowser,
}) => {
  test.setTimeout(150_000);
  const { seller, buyer } = people('paid');
  const listed = await sellerWithBook(seller, title('paid'));
  await createUser({ ...buyer, role: 'Buyer' });
  await soldAndCompleted(page, seller, buyer, listed);

  const sellerPage = await openBrowser();
  await logInAs(sellerPage, seller.email);
  await sellerPage.goto('/dashboard/earnings');
  await expect(figure(sellerPage, 'Available')).toHaveText(KEPT);
  await setUpPayouts(sellerPage, 'Pat', '000123456789');

  await sellerPage.getByRole('button', { name: 'Withdraw' }).click();
  await expect(sellerPage.getByText(`${KEPT} is on its way to your bank`)).toBeVisible();
  await expect(figure(sellerPage, 'Available')).toHaveText('$0.00');
  // The sandbox pays it a second later and says so (payout.paid): the page follows.
  await expect(figure(sellerPage, 'Paid out')).toHaveText(KEPT, { timeout: 20_000 });
  await expect(figure(sellerPage, 'On its way')).toHaveText('$0.00');
  await finalScreenshot(sellerPage, 'payouts/earnings-paid-out');

  // The admin's payouts page lists it paid, and the month's commission includes this sale's.
  const adminPage = await openBrowser();
  await logInAs(adminPage, ADMIN_EMAIL);
  await adminPage.goto('/dashboard/payouts');
  const grid = adminPage.getByRole('grid', { name: 'Payouts' });
  const row = grid.getByRole('row').filter({ hasText: seller.email });
  await expect(row).toContainText(KEPT);
  await expect(row).toContainText('Paid');
  await expect(row).toContainText('Withdrawn by the seller');
  const month = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date());
  await expect(adminPage.getByRole('table').filter({ hasText: month }).getByRole('row').filter({ hasText: month })).toContainText('$');
  await finalScreenshot(adminPage, 'payouts/admin-payouts');
});

test('a seller whose bank number fails sees the failure, and the money back in available', async ({ page, openBrowser }) => {
  test.setTimeout(150_000);
  const { seller, buyer } = people('failing');
  const listed = await sellerWithBook(seller, title('failing'));
  await createUser({ ...buyer, role: 'Buyer' });
  await soldAndCompleted(page, seller, buyer, listed);

  const sellerPage = await openBrowser();
  await logInAs(sellerPage, seller.email);
  await setUpPayouts(sellerPage, 'Flo', '000111111116');
  await sellerPage.getByRole('button', { name: 'Withdraw' }).click();
  await expect(sellerPage.getByText(`${KEPT} is on its way to your bank`)).toBeVisible();

  // The bank refuses it (payout.failed): the money is available again, and the seller is told why.
  await expect(figure(sellerPage, 'Available')).toHaveText(KEPT, { timeout: 20_000 });
  await expect(figure(sellerPage, 'On its way')).toHaveText('$0.00');
  await expect(figure(sellerPage, 'Paid out')).toHaveText('$0.00');
  await expect(sellerPage.getByRole('table').getByText(/Payout failed/).first()).toBeVisible();
  await sellerPage.goto('/dashboard/notifications');
  await expect(sellerPage.getByText(new RegExp(`Your payout of \\${KEPT} failed: .*No bank account could be located.*The money is available again\\.`))).toBeVisible();
  await finalScreenshot(sellerPage, 'payouts/payout-failed');
});
