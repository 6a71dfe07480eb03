import type { Locator, Page } from '@playwright/test';
import { expect } from '../fixtures';
import { myOrdersRow } from './checkout';

/** What the trust journeys (messages, reviews, reports) read on the shop's pages. */

/** The navbar's bell: its name says how many notifications and messages are unread. */
export const bellOf = (page: Page): Locator => page.getByRole('navigation', { name: 'main' }).getByRole('link', { name: /^Notifications/ });

/** The order page's state: the chip under its heading. */
export const stateOf = (page: Page): Locator => page.locator('h1 + div .MuiChip-label');

/** An order page's messages: its "Messages" section. */
export const threadOf = (page: Page): Locator => page.getByRole('main').getByRole('region', { name: 'Messages' });

/** The messages of a thread, oldest first. */
export const messagesIn = (thread: Locator): Locator => thread.getByRole('list', { name: 'Messages' }).getByRole('listitem');

/** An order page's reviews: its "Reviews" section. */
export const reviewsOf = (page: Page): Locator => page.getByRole('main').getByRole('region', { name: 'Reviews' });

/** Opens the order from My Orders (its title); answers the order's id. */
export async function openOrderFromMyOrders(page: Page, bookName: string): Promise<string> {
  await page.goto('/dashboard');
  await myOrdersRow(page, bookName).getByRole('link', { name: bookName }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order: ${bookName}` })).toBeVisible();
  return decodeURIComponent(/\/dashboard\/orders\/([^/?#]+)/.exec(page.url())?.[1] ?? '');
}

/** Opens the order from My Buyer, the seller's list of their sales (its title). */
export async function openOrderFromMyBuyer(page: Page, bookName: string): Promise<void> {
  await page.goto('/dashboard/mybuyer');
  await page.getByRole('main').getByRole('link', { name: bookName, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order: ${bookName}` })).toBeVisible();
}

/** Writes `text` in a thread's composer and sends it; done once the thread shows it as the reader's. */
export async function writeInThread(thread: Locator, text: string): Promise<void> {
  const field = thread.getByRole('textbox', { name: 'Message' });
  await field.fill(text);
  await thread.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(field).toHaveValue('');
  await expect(messagesIn(thread).last()).toContainText(/^You/);
}

/** Marks the page's document, so a test can tell later that it was never reloaded. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { untouched?: boolean }).untouched = true;
  });
}

export const sameDocument = (page: Page): Promise<boolean> =>
  page.evaluate(() => (window as unknown as { untouched?: boolean }).untouched === true);
