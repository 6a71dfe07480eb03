import { expect, holdRequests, signUp, test, uniqueEmail } from './fixtures';
import { apiUrl } from './support/env';

/**
 * No click on the heart is lost before the app is live: the server's HTML of a book page has no
 * heart (it knows no session), so there is nothing to click until the app knows the buyer; the
 * heart's first click then keeps the book. The app's first script is held back to make sure the
 * page is looked at before the app takes it over.
 */
test('a book page shows its heart only once the app is live, and its first click saves the book', async ({ page }) => {
  const found = (await (await fetch(`${apiUrl}/books/search?q=${encodeURIComponent('The Histories')}`)).json()) as {
    items: Array<{ _id: string; name: string }>;
  };
  const book = found.items.find((item) => item.name === 'The Histories');
  expect(book).toBeDefined();
  await signUp(page, { name: 'Heart Buyer', email: uniqueEmail('heart'), role: 'Buyer' });

  const release = await holdRequests(page, /\/static\/js\/main\.[0-9a-f]+\.js$/);
  await page.goto(`/books/${book!._id}`, { waitUntil: 'commit' });
  // The server's page: the book is there, Book Now waits, and no heart is offered yet.
  await expect(page.getByRole('heading', { level: 1, name: 'The Histories' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Book Now' })).toBeDisabled();
  await expect(page.getByRole('button', { name: /favourites$/ })).toHaveCount(0);

  release();
  // The first click, as soon as the heart is there.
  await page.getByRole('button', { name: 'Save to favourites' }).click();
  await expect(page.getByRole('button', { name: 'Remove from favourites' })).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/dashboard/favourites');
  await expect(page.getByRole('main').getByRole('link', { name: 'The Histories' })).toBeVisible();
});
