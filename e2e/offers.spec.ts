import { expect, finalScreenshot, logInAs, test, uniqueEmail } from './fixtures';
import { createUser } from './support/accounts';
import { payOnThisPage } from './support/checkout';
import { webUrl } from './support/env';
import { accessToken, callApi, listBook } from './support/orders';

/**
 * An offer in real Chromium against the whole shop: a buyer offers below the price, the seller
 * counters in another browser, the buyer accepts and pays before the deadline.
 */


test('a buyer offers, the seller counters, the buyer accepts and pays before the deadline', async ({ page, browser }) => {
  const seller = { name: 'Offer Seller', email: uniqueEmail('offer-seller') };
  await createUser({ ...seller, role: 'seller' });
  const listed = await listBook(seller.email, `Silas Marner (offer ${Date.now().toString(36)})`);

  // A buyer offers $8 for the $12 book, to meet up.
  const buyer = { name: 'Offer Buyer', email: uniqueEmail('offer-buyer') };
  await createUser({ ...buyer, role: 'Buyer' });
  await logInAs(page, buyer.email);
  await page.goto(`/books/${listed.id}`);
  await page.getByRole('button', { name: 'Make an offer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Make an offer' });
  await expect(dialog).toContainText('Asking price: $12');
  await dialog.getByLabel('Your offer ($)').fill('8');
  await dialog.getByRole('radio', { name: 'Meet-up' }).check();
  await dialog.getByRole('button', { name: 'Send offer' }).click();
  await expect(page).toHaveURL(/\/dashboard\/offers\/[0-9a-f]{24}$/);
  const offerPath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name: `Offer for ${listed.name}` })).toBeVisible();
  await expect(page.getByText('Waiting for the seller')).toBeVisible();

  // The seller, in another browser, counters with $10.
  const sellerContext = await browser.newContext({ baseURL: webUrl });
  const sellerPage = await sellerContext.newPage();
  await logInAs(sellerPage, seller.email);
  await sellerPage.goto(offerPath);
  const answer = sellerPage.getByRole('region', { name: 'Your answer' });
  await answer.getByRole('button', { name: 'Counter' }).click();
  const counter = sellerPage.getByRole('dialog', { name: 'Counter the offer' });
  await counter.getByLabel('Your counter ($)').fill('10');
  await counter.getByRole('button', { name: 'Send counter' }).click();
  await expect(sellerPage.getByText('Waiting for the buyer')).toBeVisible();
  await expect(sellerPage.getByRole('region', { name: 'Your answer' })).toHaveCount(0);

  // The buyer accepts $10 and pays at once: the order was due within a day.
  await page.goto(offerPath);
  await page.getByRole('button', { name: 'Accept $10.00' }).click();
  await page.getByRole('link', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\//);
  const orderId = decodeURIComponent(/\/dashboard\/payment\/([^/?#]+)/.exec(page.url())?.[1] ?? '');
  await payOnThisPage(page);

  const order = await callApi<{ paid: boolean; total: number; state: string }>('GET', `/bookings/${orderId}`, await accessToken(buyer.email));
  expect(order).toMatchObject({ paid: true, state: 'paid', total: 10 });
  const offer = await callApi<{ state: string; history: { by: string; action: string; amount?: number }[] }>(
    'GET', `/offers/${offerPath.split('/').pop() ?? ''}`, await accessToken(seller.email),
  );
  expect(offer.state).toBe('accepted');
  expect(offer.history.map((step) => [step.by, step.action, step.amount])).toEqual([
    ['buyer', 'offered', 8], ['seller', 'countered', 10], ['buyer', 'accepted', 10],
  ]);
  // The seller's offer page leads to the order, paid.
  await sellerPage.goto(offerPath);
  await sellerPage.getByRole('link', { name: 'View the order' }).click();
  await expect(sellerPage).toHaveURL(new RegExp(`/dashboard/orders/${orderId}$`));
  await finalScreenshot(page, 'offer-accepted-and-paid');
  await sellerContext.close();
});
