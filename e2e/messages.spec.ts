import { expect, finalScreenshot, logInAs, test, uniqueEmail } from './fixtures';
import { createUser } from './support/accounts';
import { book } from './support/checkout';
import {
  bellOf,
  markDocument,
  messagesIn,
  openOrderFromMyBuyer,
  openOrderFromMyOrders,
  sameDocument,
  threadOf,
  writeInThread,
} from './support/orderPage';
import { sellerWithBook } from './support/orders';

/**
 * An order's messages, in real Chromium against the whole shop: its buyer and its seller, each in
 * a browser of their own, write to each other on the order's page. What one sends reaches the
 * other's open page through the live stream, with no reload; elsewhere in the shop it counts in the
 * bell and the dashboard menu until the thread is read. Words are shown as written: markup stays
 * text and addresses are never links. The other side's messages may be reported.
 */

test('a buyer and a seller write about an order: each sees the other\'s messages arrive live, counted while elsewhere, as plain text', async ({
  page,
  openBrowser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const seller = { name: `Sid Seller messages ${stamp}`, email: uniqueEmail('messages-seller') };
  const buyer = { name: `Bea Buyer messages ${stamp}`, email: uniqueEmail('messages-buyer') };
  const listed = await sellerWithBook(seller, `The Odyssey (messages ${stamp})`);
  await createUser({ ...buyer, role: 'Buyer' });

  // The buyer books it and opens the order: its page has a thread, empty so far.
  await logInAs(page, buyer.email);
  await book(page, listed, { method: 'meetup', phone: '+1 555 0174' });
  const orderId = await openOrderFromMyOrders(page, listed.name);
  const buyerThread = threadOf(page);
  await expect(buyerThread.getByText('No messages yet.')).toBeVisible();

  // The seller is signed in elsewhere in the shop, on My Buyer, in a browser of their own.
  const sellerPage = await openBrowser();
  await logInAs(sellerPage, seller.email);
  await sellerPage.goto('/dashboard/mybuyer');
  await expect(sellerPage.getByRole('heading', { level: 1, name: 'My Buyer' })).toBeVisible();
  const bell = bellOf(sellerPage);
  const menuMessages = sellerPage.getByRole('navigation', { name: 'dashboard' }).getByRole('link', { name: /^Messages/ });
  // The booking's notification waits unread; no message yet.
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await expect(menuMessages).toHaveAccessibleName('Messages');
  await markDocument(sellerPage);

  // The buyer writes: the seller's bell and menu count it at once.
  const question = 'Hello! Could we meet on Saturday morning?';
  await writeInThread(buyerThread, question);
  await expect(bell).toHaveAccessibleName('Notifications, 2 unread');
  await expect(menuMessages).toHaveAccessibleName('Messages, 1 unread');
  expect(await sameDocument(sellerPage), "the seller's page was never reloaded").toBe(true);

  // The seller opens the order from My Buyer: the message is there, and reading it clears the count.
  await openOrderFromMyBuyer(sellerPage, listed.name);
  expect(sellerPage.url()).toContain(`/dashboard/orders/${orderId}`);
  const sellerThread = threadOf(sellerPage);
  await expect(messagesIn(sellerThread)).toHaveCount(1);
  await expect(messagesIn(sellerThread).first()).toContainText(buyer.name);
  await expect(messagesIn(sellerThread).first()).toContainText(question);
  await expect(menuMessages).toHaveAccessibleName('Messages');
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await markDocument(sellerPage);
  await markDocument(page);

  // Both pages open: the buyer writes again, with markup and an address; the seller's page shows it
  // without a reload, as the words typed, and the address is no link.
  const tricky = 'Is the spine <b>html</b> intact? Photos: https://photos.example.com/odyssey?page=2';
  await writeInThread(buyerThread, tricky);
  await expect(messagesIn(sellerThread)).toHaveCount(2);
  const arrived = messagesIn(sellerThread).last();
  await expect(arrived).toContainText(tricky);
  await expect(arrived.getByText(tricky, { exact: true })).toBeVisible();
  await expect(sellerThread.locator('b')).toHaveCount(0);
  await expect(sellerThread.getByRole('list', { name: 'Messages' }).getByRole('link')).toHaveCount(0);
  // Read on arrival: nothing is counted while the thread is on screen.
  await expect(menuMessages).toHaveAccessibleName('Messages');

  // The seller answers; the buyer's open page shows it live.
  const answer = 'Saturday at 10 works. The spine is fine: see https://photos.example.com/spine';
  await writeInThread(sellerThread, answer);
  await expect(messagesIn(buyerThread)).toHaveCount(3);
  const reply = messagesIn(buyerThread).last();
  await expect(reply).toContainText(seller.name);
  await expect(reply.getByText(answer, { exact: true })).toBeVisible();
  await expect(buyerThread.getByRole('list', { name: 'Messages' }).getByRole('link')).toHaveCount(0);
  // Each side reads its own messages as "You", oldest first.
  await expect(messagesIn(buyerThread)).toContainText([/^You/, /^You/, new RegExp(`^${seller.name}`)]);
  await expect(messagesIn(sellerThread)).toContainText([new RegExp(`^${buyer.name}`), new RegExp(`^${buyer.name}`), /^You/]);
  expect(await sameDocument(page), "the buyer's page was never reloaded").toBe(true);
  expect(await sameDocument(sellerPage), "the seller's page was never reloaded").toBe(true);

  // The buyer's inbox lists the thread with the seller's answer as its last message, read.
  await page.goto('/dashboard/messages');
  const inboxThread = page.getByRole('list', { name: 'Messages' }).getByRole('link').filter({ hasText: listed.name });
  await expect(inboxThread).toContainText(seller.name);
  await expect(inboxThread).toContainText(answer);
  await expect(inboxThread).not.toContainText('unread');
  await inboxThread.click();
  await expect(page.getByRole('heading', { level: 1, name: `About ${listed.name}` })).toBeVisible();
  const onThreadPage = page.getByRole('list', { name: 'Messages' }).getByRole('listitem');
  await expect(onThreadPage).toHaveCount(3);

  // Only the other side's messages may be reported; the report names the message.
  await expect(onThreadPage.first().getByRole('button', { name: 'Report this message' })).toHaveCount(0);
  await onThreadPage.last().getByRole('button', { name: 'Report this message' }).click();
  const report = page.getByRole('dialog', { name: 'Report this message' });
  await report.getByRole('radio', { name: 'Spam' }).check();
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Thanks, an admin will look at it')).toBeVisible();
  await expect(report).toBeHidden();
  await finalScreenshot(page, 'messages/buyer-thread');
  await finalScreenshot(sellerPage, 'messages/seller-order');
});
