import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, finalScreenshot, logInAs, test, uniqueEmail } from './fixtures';
import { createUser } from './support/accounts';
import { webUrl } from './support/env';
import { listBook } from './support/orders';

/**
 * Insight in real Chromium against the whole shop (rollups every second here): visitors' views of
 * a book page count on its seller's Stats page; the admin's Insight page switches period and its
 * CSV holds what the page shows.
 */

/** A card of the totals list: its label, then its figure. */
const card = (page: Page, label: string) =>
  page.getByRole('list', { name: 'Totals' }).getByRole('listitem').filter({ has: page.getByText(label, { exact: true }) });

test("views of a book page count on its seller's Stats page; the admin's Insight reads the same in its CSV", async ({ page, browser }) => {
  const seller = { name: 'Stats Seller', email: uniqueEmail('stats-seller') };
  await createUser({ ...seller, role: 'seller' });
  const listed = await listBook(seller.email, `The Moonstone (stats ${Date.now().toString(36)})`);

  // Two visitors, each in a tab of their own: two sessions, two views. A headless browser says so
  // in its user agent and is not counted (as a crawler would not be): these say what a person's does.
  const userAgent = (await browser.newPage().then(async (probe) => {
    const agent = await probe.evaluate(() => navigator.userAgent);
    await probe.close();
    return agent;
  })).replace('HeadlessChrome', 'Chrome');
  for (let visitor = 0; visitor < 2; visitor += 1) {
    const context = await browser.newContext({ baseURL: webUrl, userAgent });
    const tab = await context.newPage();
    const beacon = tab.waitForRequest((request) => request.url().endsWith('/views') && request.method() === 'POST');
    await tab.goto(`/books/${listed.id}`);
    await expect(tab.getByRole('heading', { level: 1, name: listed.name })).toBeVisible();
    await beacon;
    await context.close();
  }

  // The seller sees them once the views are written and rolled up (each within a second here).
  await logInAs(page, seller.email);
  await page.goto('/dashboard/stats');
  await expect(page.getByRole('heading', { level: 1, name: 'Stats' })).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(card(page, 'Views')).toContainText('2', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  const top = page.getByRole('region', { name: 'Top 5 books by views' });
  await top.getByRole('switch', { name: 'Show as table' }).or(top.getByRole('checkbox', { name: 'Show as table' })).check();
  await expect(top.getByRole('row').filter({ hasText: listed.name })).toContainText('2');
  await finalScreenshot(page, 'insight-seller-stats');

  // The admin opens Insight, switches to 90 days, and downloads the days as CSV.
  const adminContext = await browser.newContext({ baseURL: webUrl, acceptDownloads: true });
  const admin = await adminContext.newPage();
  await logInAs(admin, 'admin@bookresale.test');
  await admin.goto('/dashboard/insight');
  await expect(admin.getByRole('heading', { level: 1, name: 'Insight' })).toBeVisible();
  await admin.getByRole('group', { name: 'Period' }).getByRole('button', { name: '90 days' }).click();
  await expect(admin).toHaveURL(/[?&]days=90\b/);
  await expect(admin.getByRole('group', { name: 'Period' }).getByRole('button', { name: '90 days' })).toHaveAttribute('aria-pressed', 'true');
  // Other journeys may view books meanwhile: the card and the file are compared from one reading.
  const daily = admin.getByRole('region', { name: 'Sales and commission per day' });
  await expect(async () => {
    await admin.reload();
    const viewsShown = Number((await card(admin, 'Views').locator('span').nth(1).innerText({ timeout: 5_000 })).replace(/[^0-9]/g, ''));
    expect(viewsShown).toBeGreaterThanOrEqual(2);
    const [download] = await Promise.all([admin.waitForEvent('download'), daily.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('insight-daily-90-days.csv');
    const lines = fs.readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('day,views,orders,sales,commission');
    // 90 days, one line each; their views add up to the card's.
    expect(lines).toHaveLength(91);
    expect(lines.slice(1).reduce((sum, line) => sum + Number(line.split(',')[1]), 0)).toBe(viewsShown);
  }).toPass({ timeout: 30_000 });
  await finalScreenshot(admin, 'insight-admin-90-days');
  await adminContext.close();
});
