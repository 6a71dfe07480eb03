import { expect, holdRequests, logIn, signUp, test, uniqueEmail } from './fixtures';
import { apiUrl } from './support/env';

/**
 * No click on the heart is lost before the app is live: the server's HTML of a book page shows the
 * heart, and a click on it then is kept by the page's inline script, shown as busy, and carried out
 * once the app knows the buyer. The app's first script is held back until after the click.
 */
test('a click on the heart of a server-rendered book page before the app is live saves the book', async ({ page }) => {
  const found = (await (await fetch(`${apiUrl}/books/search?q=${encodeURIComponent('The Histories')}`)).json()) as {
    items: Array<{ _id: string; name: string }>;
  };
  const book = found.items.find((item) => item.name === 'The Histories');
  expect(book).toBeDefined();
  await signUp(page, { name: 'Heart Buyer', email: uniqueEmail('heart'), role: 'Buyer' });

  const release = await holdRequests(page, /\/static\/js\/main\.[0-9a-f]+\.js$/);
  await page.goto(`/books/${book!._id}`, { waitUntil: 'commit' });
  // The server's page: the book is there, Book Now waits, and the heart is offered.
  await expect(page.getByRole('heading', { level: 1, name: 'The Histories' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Book Now' })).toBeDisabled();
  const heart = page.getByRole('main').getByRole('button', { name: 'Save to favourites' });
  await heart.click();
  // Kept, and shown as waiting for the app.
  await expect(heart).toHaveAttribute('aria-busy', 'true');
  await expect(page.getByRole('button', { name: 'Book Now' })).toBeDisabled();

  release();
  const saved = page.getByRole('main').getByRole('button', { name: 'Remove from favourites' });
  await expect(saved).toHaveAttribute('aria-pressed', 'true');
  await expect(saved).not.toHaveAttribute('aria-busy');

  await page.goto('/dashboard/favourites');
  await expect(page.getByRole('main').getByRole('link', { name: 'The Histories' })).toBeVisible();
});

test("a visitor's click on the heart before the app is live asks them to log in, and brings them back to the book", async ({ page }) => {
  const found = (await (await fetch(`${apiUrl}/books/search?q=${encodeURIComponent('The Histories')}`)).json()) as {
    items: Array<{ _id: string; name: string }>;
  };
  const book = found.items.find((item) => item.name === 'The Histories');
  expect(book).toBeDefined();

  const release = await holdRequests(page, /\/static\/js\/main\.[0-9a-f]+\.js$/);
  await page.goto(`/books/${book!._id}`, { waitUntil: 'commit' });
  const heart = page.getByRole('main').getByRole('button', { name: 'Save to favourites' });
  await heart.click();
  await expect(heart).toHaveAttribute('aria-busy', 'true');

  release();
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, 'buyer@bookresale.test');
  await expect(page).toHaveURL(new RegExp(`/books/${book!._id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'The Histories' })).toBeVisible();
});
