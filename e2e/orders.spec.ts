import type { Locator, Page } from '@playwright/test';
import { expect, finalScreenshot, logInAs, test, uniqueEmail } from './fixtures';
import { createUser } from './support/accounts';
import { book, myOrdersRow, pay } from './support/checkout';
import {
  ADMIN_EMAIL,
  DAY_MS,
  elapse,
  inbox,
  mailsAbout,
  refundsOf,
  sellerWithBook,
  type Person,
} from './support/orders';

/**
 * Orders carried to their end, in real Chromium against the whole shop: a buyer and a seller in
 * two browsers at once, the live bell, the order page's moves and dialogs, the admin's disputes,
 * deadlines passed with the test-only clock (`POST /test/orders/:id/elapse`), refunds read back
 * from the payment sandbox and emails from the local inbox (maildev).
 */

const HOUR_MS = 3_600_000;


/** The navbar's bell: its name says how many notifications are unread. */
const bellOf = (page: Page): Locator => page.getByRole('navigation', { name: 'main' }).getByRole('link', { name: /^Notifications/ });

/** The order page's state: the chip under its heading. */
const stateOf = (page: Page): Locator => page.locator('h1 + div .MuiChip-label');

/** The order page's timeline, oldest step first. */
const timelineOf = (page: Page): Locator => page.getByRole('region', { name: 'What happened' }).getByRole('listitem');

/** Marks the page's document, so a test can tell later that it was never reloaded. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { untouched?: boolean }).untouched = true;
  });
}
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { untouched?: boolean }).untouched === true);

/** Opens the order from My Orders (its title); answers the order's id. */
async function openOrderFromMyOrders(page: Page, bookName: string): Promise<string> {
  await page.goto('/dashboard');
  await myOrdersRow(page, bookName).getByRole('link', { name: bookName }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order: ${bookName}` })).toBeVisible();
  return decodeURIComponent(/\/dashboard\/orders\/([^/?#]+)/.exec(page.url())?.[1] ?? '');
}

/** The six digits the buyer's order page shows for a meet-up. */
async function handoverCode(page: Page): Promise<string> {
  const note = page.getByRole('note', { name: 'Your hand-over code' });
  await expect(note).toContainText(/\d{6}/);
  return /\d{6}/.exec((await note.textContent()) ?? '')?.[0] ?? '';
}

/** A move made through its dialog: the page's button, the dialog's fields, then its confirm button. */
async function moveWithDialog(page: Page, button: string, title: string, fields: Record<string, string>, confirm: string) {
  await page.getByRole('main').getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  for (const [label, value] of Object.entries(fields)) await dialog.getByLabel(label).fill(value);
  await dialog.getByRole('button', { name: confirm, exact: true }).click();
  await expect(dialog).toBeHidden();
}

function people(label: string): { seller: Person; buyer: Person } {
  return {
    seller: { name: `Sid Seller ${label}`, email: uniqueEmail(`${label}-seller`) },
    buyer: { name: `Bea Buyer ${label}`, email: uniqueEmail(`${label}-buyer`) },
  };
}

const title = (label: string) => `The Histories (${label} ${Date.now().toString(36)})`;

test('a meet-up: the seller sees it booked and paid live, hands the book over with the code, and it completes once the problem window passes', async ({
  page,
  openBrowser,
}) => {
  test.setTimeout(150_000);
  const { seller, buyer } = people('meetup');
  const listed = await sellerWithBook(seller, title('meet-up'));
  await createUser({ ...buyer, role: 'Buyer' });

  // The seller is signed in at the same time, on a dashboard page, in a browser of their own.
  const sellerPage = await openBrowser();
  await logInAs(sellerPage, seller.email);
  await sellerPage.goto('/dashboard/mybuyer');
  await expect(sellerPage.getByRole('heading', { level: 1, name: 'My Buyer' })).toBeVisible();
  const bell = bellOf(sellerPage);
  await expect(bell).toHaveAccessibleName('Notifications');
  await markDocument(sellerPage);

  // The buyer books it as a meet-up: the seller's bell counts it, with no reload.
  await logInAs(page, buyer.email);
  await book(page, listed, { method: 'meetup', phone: '+1 555 0171' });
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  // The buyer pays with the test card: the bell counts that too.
  const intent = await pay(page, listed.name);
  expect(intent).toMatch(/^pi_/);
  await expect(bell).toHaveAccessibleName('Notifications, 2 unread');
  expect(await sameDocument(sellerPage), "the seller's page was never reloaded").toBe(true);

  // The buyer's order page shows the hand-over code.
  const orderId = await openOrderFromMyOrders(page, listed.name);
  await expect(stateOf(page)).toHaveText('Paid');
  const code = await handoverCode(page);

  // The seller opens the order from the bell's list and marks it ready.
  await bell.click();
  await expect(sellerPage.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const news = sellerPage.getByRole('list', { name: 'Notifications' }).getByRole('link');
  await expect(news.filter({ hasText: `Your book ${listed.name} was booked` })).toContainText('unread');
  await news.filter({ hasText: `Your book ${listed.name} was paid for: get it ready` }).click();
  await expect(sellerPage.getByRole('heading', { level: 1, name: `Order: ${listed.name}` })).toBeVisible();
  expect(sellerPage.url()).toContain(`/dashboard/orders/${orderId}`);
  await expect(stateOf(sellerPage)).toHaveText('Paid');
  await sellerPage.getByRole('main').getByRole('button', { name: 'Mark ready', exact: true }).click();
  await expect(sellerPage.getByText('Marked ready for the buyer')).toBeVisible();
  await expect(stateOf(sellerPage)).toHaveText('Ready');
  // The buyer's page follows (the live stream), and still shows the code for the hand-over.
  await expect(stateOf(page)).toHaveText('Ready');
  expect(await handoverCode(page)).toBe(code);

  // At the meet-up the buyer reads the code out; the seller enters it.
  await moveWithDialog(sellerPage, 'Enter hand-over code', 'Enter the hand-over code', { 'Hand-over code': code }, 'Mark received');
  await expect(stateOf(sellerPage)).toHaveText('Received');
  await expect(stateOf(page)).toHaveText('Received');
  await expect(page.getByRole('main').getByRole('button', { name: 'Report a problem' })).toBeVisible();

  // Two days later (the problem window) nothing was reported: the sale completes, on both pages.
  const after = await elapse(orderId, 2 * DAY_MS + HOUR_MS);
  expect(after.state).toBe('completed');
  await expect(stateOf(page)).toHaveText('Completed');
  await expect(stateOf(sellerPage)).toHaveText('Completed');
  await expect(timelineOf(page).last()).toContainText('Completed');
  await expect(timelineOf(page).last()).toContainText('Reason: No problem was reported in time');
  await expect(page.getByRole('note', { name: 'Your hand-over code' })).toHaveCount(0);
  await expect(page.getByText('Nothing for you to do right now.')).toBeVisible();
  await finalScreenshot(page, 'orders/meetup-completed-buyer');
  await finalScreenshot(sellerPage, 'orders/meetup-completed-seller');
});

test('a parcel: shipped with tracking, received, a problem reported, and the admin refunds it from the disputes', async ({
  page,
  openBrowser,
}) => {
  test.setTimeout(150_000);
  const { seller, buyer } = people('parcel');
  const listed = await sellerWithBook(seller, title('parcel'));
  await createUser({ ...buyer, role: 'Buyer' });
  const address = '221B Baker Street, Springfield, IL 62701';

  await logInAs(page, buyer.email);
  await book(page, listed, { method: 'shipping', phone: '+1 555 0172', address });
  const intent = await pay(page, listed.name);
  const orderId = await openOrderFromMyOrders(page, listed.name);
  await expect(stateOf(page)).toHaveText('Paid');
  const delivery = page.getByRole('region', { name: 'Delivery' });
  await expect(delivery).toContainText(`Shipping to ${address}`);
  await expect(delivery).toContainText('$15.99');
  // No code for a parcel.
  await expect(page.getByRole('note', { name: 'Your hand-over code' })).toHaveCount(0);

  // The seller ships it with a tracking number.
  const sellerPage = await openBrowser();
  await logInAs(sellerPage, seller.email);
  await sellerPage.goto(`/dashboard/orders/${orderId}`);
  await expect(stateOf(sellerPage)).toHaveText('Paid');
  await expect(sellerPage.getByRole('main').getByRole('button', { name: 'Mark ready' })).toHaveCount(0);
  await moveWithDialog(
    sellerPage,
    'Mark shipped',
    'Mark this book shipped',
    { Carrier: 'USPS', 'Tracking number': '9400 1000 0000 0000 0000 77' },
    'Mark shipped',
  );
  await expect(stateOf(sellerPage)).toHaveText('Shipped');

  // The buyer sees it shipped with its tracking number, says it arrived, then reports a problem.
  await expect(stateOf(page)).toHaveText('Shipped');
  await expect(delivery).toContainText('9400 1000 0000 0000 0000 77');
  await expect(delivery).toContainText('USPS');
  await page.getByRole('main').getByRole('button', { name: 'I received it', exact: true }).click();
  await expect(page.getByText('Marked received')).toBeVisible();
  await expect(stateOf(page)).toHaveText('Received');
  const problem = 'The dust jacket is torn and two pages are loose.';
  await moveWithDialog(page, 'Report a problem', 'Report a problem', { Reason: problem }, 'Report a problem');
  await expect(stateOf(page)).toHaveText('Disputed');
  await expect(timelineOf(page).last()).toContainText(`Reason: ${problem}`);
  await expect(stateOf(sellerPage)).toHaveText('Disputed');

  // The admin finds it among the disputes and refunds it, saying why.
  const adminPage = await openBrowser();
  await logInAs(adminPage, ADMIN_EMAIL);
  await adminPage.goto('/dashboard/disputes');
  const grid = adminPage.getByRole('grid', { name: 'Disputes' });
  const row = grid.getByRole('row').filter({ hasText: listed.name });
  await expect(row).toContainText(buyer.name);
  await expect(row).toContainText(seller.name);
  await expect(row).toContainText('$15.99');
  await row.getByRole('link', { name: listed.name }).click();
  await expect(adminPage.getByRole('heading', { level: 1, name: `Order: ${listed.name}` })).toBeVisible();
  await expect(stateOf(adminPage)).toHaveText('Disputed');
  await expect(adminPage.getByRole('main').getByRole('button', { name: 'Complete', exact: true })).toBeVisible();
  const verdict = 'The book was not as described; refunded in full.';
  await moveWithDialog(adminPage, 'Refund', 'Refund this order', { Reason: verdict }, 'Refund');
  await expect(adminPage.getByText('Order refunded')).toBeVisible();
  await expect(stateOf(adminPage)).toHaveText('Refunded');

  // Both sides see it refunded, with the admin's reason.
  for (const side of [page, sellerPage]) {
    await expect(stateOf(side)).toHaveText('Refunded');
    await expect(timelineOf(side).last()).toContainText(`Reason: ${verdict}`);
  }
  // The payment sandbox holds one refund of the whole charge (book and shipping).
  await expect.poll(async () => (await refundsOf(intent)).map((refund) => [refund.amount, refund.status])).toEqual([[1599, 'succeeded']]);
  // The disputes no longer list it.
  await adminPage.goto('/dashboard/disputes');
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Disputes' })).toBeVisible();
  await expect(adminPage.getByRole('progressbar')).toHaveCount(0);
  await expect(adminPage.getByText(listed.name)).toHaveCount(0);
  await finalScreenshot(page, 'orders/parcel-refunded-buyer');
});

test('a paid order never handed over is refunded when the ship deadline passes, both sides are emailed, and no email holds the code or the phone', async ({
  page,
  openBrowser,
}) => {
  test.setTimeout(150_000);
  const { seller, buyer } = people('late');
  const listed = await sellerWithBook(seller, title('late'));
  await createUser({ ...buyer, role: 'Buyer' });
  const phone = '+1 555 0173';

  await logInAs(page, buyer.email);
  await book(page, listed, { method: 'meetup', phone });
  const intent = await pay(page, listed.name);
  const orderId = await openOrderFromMyOrders(page, listed.name);
  await expect(stateOf(page)).toHaveText('Paid');
  const code = await handoverCode(page);

  // Five days pass and the seller never gets it ready: the server refunds it.
  const after = await elapse(orderId, 5 * DAY_MS + HOUR_MS);
  expect(after.state).toBe('refunded');
  const why = 'Reason: The seller did not get it ready or ship it in time';
  await expect(stateOf(page)).toHaveText('Refunded');
  await expect(timelineOf(page).last()).toContainText(why);
  await expect(page.getByRole('note', { name: 'Your hand-over code' })).toHaveCount(0);

  const sellerPage = await openBrowser();
  await logInAs(sellerPage, seller.email);
  await sellerPage.goto(`/dashboard/orders/${orderId}`);
  await expect(stateOf(sellerPage)).toHaveText('Refunded');
  await expect(timelineOf(sellerPage).last()).toContainText(why);

  // The whole charge went back through the payment sandbox, once.
  await expect.poll(async () => (await refundsOf(intent)).map((refund) => [refund.amount, refund.status])).toEqual([[1200, 'succeeded']]);

  // Both were emailed about the refund.
  await expect
    .poll(async () => (await mailsAbout(buyer.email, listed.name)).map((mail) => mail.subject), { timeout: 20_000 })
    .toContain(`You were refunded for ${listed.name}`);
  await expect
    .poll(async () => (await mailsAbout(seller.email, listed.name)).map((mail) => mail.subject), { timeout: 20_000 })
    .toContain(`The order for ${listed.name} was refunded`);
  const refundMail = (await mailsAbout(buyer.email, listed.name)).find((mail) => mail.subject.startsWith('You were refunded'));
  expect(refundMail?.text).toContain(`/dashboard/orders/${orderId}`);

  // No email about this order, to anyone, holds the hand-over code or the buyer's phone number.
  const mails = (await inbox()).filter((mail) => mail.subject.includes(listed.name));
  expect(mails.length).toBeGreaterThanOrEqual(4); // booked and paid to the seller, refunded to both
  // The phone as typed, or its digits with any spacing or punctuation between the groups.
  const phoneLike = /(\+?1[\s.-]*)?555[\s.-]*0173/;
  for (const mail of mails) {
    const body = `${mail.subject}\n${mail.text ?? ''}\n${mail.html ?? ''}`;
    expect(body, `"${mail.subject}" to ${mail.to[0]?.address}`).not.toContain(code);
    expect(body, `"${mail.subject}" to ${mail.to[0]?.address}`).not.toMatch(phoneLike);
  }
  await finalScreenshot(page, 'orders/late-refunded-buyer');
});
