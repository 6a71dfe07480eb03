import type { Locator, Page } from '@playwright/test';
import { expect, finalScreenshot, logInAs, test, uniqueEmail } from './fixtures';
import { createUser } from './support/accounts';
import { book, pay } from './support/checkout';
import { openOrderFromMyOrders, reviewsOf, stateOf } from './support/orderPage';
import { DAY_MS, elapse, listBook, sellerWithBook } from './support/orders';

/**
 * Reviews after a sale, in real Chromium against the whole shop: an order paid with the payment
 * sandbox, handed over with the buyer's code and completed once the problem window passed (the
 * test-only clock). Each side reviews the other from the order's page; the first review stays
 * hidden from the other side and from the seller's page until the second is posted. Then both
 * show, and the seller's score shows on their page and on the cards of their other books.
 */

const HOUR_MS = 3_600_000;

/** Stars and words in the review form of an order page's Reviews section, then Post review. */
async function postReview(reviews: Locator, form: string, stars: number, comment: string) {
  const review = reviews.getByRole('form', { name: form });
  // A star is pressed as a person presses it: its label, the star drawn (its radio is visually hidden).
  const name = `${stars} ${stars === 1 ? 'star' : 'stars'}`;
  await review.locator('label').filter({ hasText: new RegExp(`^${name}$`) }).click();
  await expect(review.getByRole('radio', { name, exact: true })).toBeChecked();
  await review.getByLabel('Comment (optional)').fill(comment);
  await review.getByRole('button', { name: 'Post review' }).click();
  await expect(reviews.getByRole('heading', { level: 3, name: 'Your review' })).toBeVisible();
}

/** A review card in a list or section, found by its heading. */
const reviewCard = (within: Locator, heading: string | RegExp): Locator =>
  within.getByRole('article').filter({ has: within.page().getByRole('heading', { level: 3, name: heading }) });

/** The six digits the buyer's order page shows for a meet-up. */
async function handoverCode(page: Page): Promise<string> {
  const note = page.getByRole('note', { name: 'Your hand-over code' });
  await expect(note).toContainText(/\d{6}/);
  return /\d{6}/.exec((await note.textContent()) ?? '')?.[0] ?? '';
}

test('both sides review a completed order: the first review stays hidden until the second, then both show and the seller is scored on their page and their books', async ({
  page,
  openBrowser,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now().toString(36);
  const seller = { name: `Sid Seller reviews ${stamp}`, email: uniqueEmail('reviews-seller') };
  const buyer = { name: `Bea Buyer reviews ${stamp}`, email: uniqueEmail('reviews-buyer') };
  const listed = await sellerWithBook(seller, `The Peloponnesian War (reviews ${stamp})`);
  // The seller's other book, still for sale once the first is sold: its card will carry the score.
  const other = await listBook(seller.email, `The Wind in the Willows (reviews ${stamp})`, 'children');
  await createUser({ ...buyer, role: 'Buyer' });

  // The buyer books it as a meet-up and pays with the sandbox's test card.
  await logInAs(page, buyer.email);
  await book(page, listed, { method: 'meetup', phone: '+1 555 0175' });
  expect(await pay(page, listed.name)).toMatch(/^pi_/);
  const orderId = await openOrderFromMyOrders(page, listed.name);
  const code = await handoverCode(page);

  // The seller marks it ready and, at the meet-up, enters the buyer's code.
  const sellerPage = await openBrowser();
  await logInAs(sellerPage, seller.email);
  await sellerPage.goto(`/dashboard/orders/${orderId}`);
  await expect(stateOf(sellerPage)).toHaveText('Paid');
  await sellerPage.getByRole('main').getByRole('button', { name: 'Mark ready', exact: true }).click();
  await expect(stateOf(sellerPage)).toHaveText('Ready');
  await sellerPage.getByRole('main').getByRole('button', { name: 'Enter hand-over code', exact: true }).click();
  const codeDialog = sellerPage.getByRole('dialog', { name: 'Enter the hand-over code' });
  await codeDialog.getByLabel('Hand-over code').fill(code);
  await codeDialog.getByRole('button', { name: 'Mark received', exact: true }).click();
  await expect(stateOf(sellerPage)).toHaveText('Received');
  // No review before the sale is complete.
  await expect(reviewsOf(sellerPage)).toHaveCount(0);

  // The problem window (two days) passes with no problem reported: the order completes, and both
  // pages offer a review at once.
  expect((await elapse(orderId, 2 * DAY_MS + HOUR_MS)).state).toBe('completed');
  await expect(stateOf(page)).toHaveText('Completed');
  await expect(stateOf(sellerPage)).toHaveText('Completed');
  const buyerReviews = reviewsOf(page);
  const sellerReviews = reviewsOf(sellerPage);
  await expect(buyerReviews.getByRole('form', { name: 'Review the seller' })).toBeVisible();
  await expect(sellerReviews.getByRole('form', { name: 'Review the buyer' })).toBeVisible();

  // The buyer reviews first: their review waits for the seller's.
  const buyerWords = 'Friendly seller, on time, the copy was as described.';
  await postReview(buyerReviews, 'Review the seller', 4, buyerWords);
  const mine = reviewCard(buyerReviews, 'Your review');
  await expect(mine).toContainText(buyerWords);
  await expect(mine.getByRole('img', { name: 'Rated 4 of 5' })).toBeVisible();
  await expect(mine.getByRole('note')).toContainText('Your review shows when the other side posts theirs, or on ');
  await expect(buyerReviews.getByRole('form')).toHaveCount(0);

  // The seller is told they were reviewed, but does not see the review: not on the order page…
  await sellerPage.goto('/dashboard/notifications');
  await expect(
    sellerPage.getByRole('list', { name: 'Notifications' }).getByRole('link').filter({ hasText: `You were reviewed for ${listed.name}` }),
  ).toBeVisible();
  await sellerPage.goto(`/dashboard/orders/${orderId}`);
  await expect(sellerReviews.getByRole('form', { name: 'Review the buyer' })).toBeVisible();
  await expect(sellerReviews).not.toContainText(buyerWords);
  await expect(sellerReviews.getByRole('heading', { name: "The buyer's review" })).toHaveCount(0);

  // …nor on their own page, which anyone may read.
  await page.goto(`/books/${other.id}`);
  await page.getByRole('main').getByRole('link', { name: seller.name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: seller.name })).toBeVisible();
  const sellerPath = new URL(page.url()).pathname;
  const publicReviews = page.getByRole('region', { name: 'Reviews' });
  await expect(publicReviews.getByText('No reviews yet')).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText(buyerWords);

  // The seller reviews the buyer: now both reviews show, on both sides.
  const sellerWords = 'Quick to pay and easy to meet. Recommended.';
  await postReview(sellerReviews, 'Review the buyer', 5, sellerWords);
  await expect(reviewCard(sellerReviews, 'Your review')).toContainText(sellerWords);
  await expect(reviewCard(sellerReviews, 'Your review').getByRole('note')).toHaveCount(0);
  const theirsForSeller = reviewCard(sellerReviews, "The buyer's review");
  await expect(theirsForSeller).toContainText(buyerWords);
  await expect(theirsForSeller).toContainText(buyer.name);
  await expect(theirsForSeller.getByRole('img', { name: 'Rated 4 of 5' })).toBeVisible();

  await page.goto(`/dashboard/orders/${orderId}`);
  const theirsForBuyer = reviewCard(buyerReviews, "The seller's review");
  await expect(theirsForBuyer).toContainText(sellerWords);
  await expect(theirsForBuyer.getByRole('img', { name: 'Rated 5 of 5' })).toBeVisible();
  await expect(reviewCard(buyerReviews, 'Your review')).toContainText(buyerWords);
  await expect(reviewCard(buyerReviews, 'Your review').getByRole('note')).toHaveCount(0);

  // The seller's page scores them from the buyer's review and lists it (not the seller's own words).
  await page.goto(sellerPath);
  await expect(page.getByRole('heading', { level: 1, name: seller.name })).toBeVisible();
  const score = page.getByRole('main').getByRole('img', { name: 'Rated 4.0 of 5 by 1 review' }).first();
  await expect(score).toBeVisible();
  await expect(page.getByRole('main').getByText('100% completed').first()).toBeVisible();
  const listedReview = publicReviews.getByRole('listitem').filter({ hasText: buyerWords });
  await expect(listedReview).toContainText(buyer.name);
  await expect(listedReview.getByRole('img', { name: 'Rated 4 of 5' })).toBeVisible();
  await expect(publicReviews.getByText('No reviews yet')).toHaveCount(0);
  await expect(page.getByRole('main')).not.toContainText(sellerWords);

  // The cards of the seller's other book carry the score: on its category's page and its own page.
  await page.goto('/bookCatagoriesId/children');
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: other.name }) });
  await expect(card.getByRole('img', { name: 'Rated 4.0 of 5 by 1 review' })).toBeVisible();
  await expect(card).toContainText('4.0 (1)');
  await page.goto(`/books/${other.id}`);
  await expect(page.getByRole('main').getByRole('img', { name: 'Rated 4.0 of 5 by 1 review' })).toBeVisible();
  await finalScreenshot(page, 'reviews/other-book-scored');
  await finalScreenshot(sellerPage, 'reviews/seller-order-reviews');
});
