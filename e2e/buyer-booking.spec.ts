import type { Locator, Page } from '@playwright/test';
import { expect, finalScreenshot, signUp, test, uniqueEmail } from './fixtures';

/** Books the first book on a category page; returns its name. */
async function bookFirstBook(page: Page, category: string, { name, email }: { name: string; email: string }) {
  await page.getByRole('navigation', { name: 'main' }).getByRole('link', { name: 'Home' }).click();
  await page.getByRole('link', { name: category }).click();
  const book = page.getByRole('article').first();
  const title = (await book.getByRole('heading').textContent())?.trim() ?? '';
  expect(title).not.toBe('');
  await book.getByRole('button', { name: 'Book Now' }).click();

  const modal = page.getByRole('dialog', { name: title });
  await expect(modal.getByLabel('Book name')).toHaveValue(title);
  await expect(modal.getByLabel('Name', { exact: true })).toHaveValue(name);
  await expect(modal.getByLabel('Name', { exact: true })).toBeDisabled();
  await expect(modal.getByLabel('Email', { exact: true })).toHaveValue(email);
  await expect(modal.getByLabel('Email', { exact: true })).toBeDisabled();
  await modal.getByLabel('Phone', { exact: true }).fill('+1 555 0123');
  await modal.getByLabel('Location', { exact: true }).fill('Springfield');
  // An earlier booking's toast may still be up: wait for it to go, so the one seen is this one.
  const toast = page.getByText('Booking Confirm');
  await expect(toast).toHaveCount(0);
  await modal.getByRole('button', { name: 'Submit' }).click();
  await expect(toast).toBeVisible();
  await expect(modal).toBeHidden();
  return title;
}

function orderRow(page: Page, bookName: string): Locator {
  return page.getByRole('table', { name: 'My Orders' }).getByRole('row').filter({ hasText: bookName });
}

async function openMyOrders(page: Page) {
  await page.getByRole('navigation', { name: 'main' }).getByRole('link', { name: 'DashBoard' }).click();
  await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();
}

async function enterCard(page: Page, number: string) {
  await page.getByLabel('Card number').pressSequentially(number);
  await page.getByLabel('MM / YY').pressSequentially('1234');
  await page.getByLabel('CVC').pressSequentially('123');
}

test('a buyer signs up, books a book, pays for it, and a declined card can be retried', async ({ page }) => {
  const buyer = { name: 'Nora Buyer', email: uniqueEmail('buyer') };
  await signUp(page, { ...buyer, role: 'Buyer' });
  await expect(page).toHaveURL(/\/$/);

  // First booking, paid with a good card.
  const first = await bookFirstBook(page, 'Science', buyer);
  await openMyOrders(page);
  await orderRow(page, first).getByRole('link', { name: 'Pay' }).click();
  await expect(page.getByRole('heading', { name: `payment for ${first}` })).toBeVisible();
  await enterCard(page, '4242 4242 4242 4242');
  const pay = page.getByRole('button', { name: 'Pay' });
  await expect(pay).toBeEnabled();
  await pay.click();
  await expect(page.getByText('Congrats pyament complete')).toBeVisible();
  await expect(page.getByText(/^Your transaction id: pi_\w+$/)).toBeVisible();
  // The receipt replaces the request to pay, and leads back to My Orders.
  const receipt = page.getByRole('region', { name: 'Receipt' });
  await expect(receipt).toContainText(first);
  await expect(receipt).toContainText(/pi_\w+/);
  await expect(page.getByText(/^Please pay \$/)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Go to My Orders' })).toBeVisible();
  await openMyOrders(page);
  await expect(orderRow(page, first)).toContainText('paid');
  await expect(orderRow(page, first).getByRole('link', { name: 'Pay' })).toHaveCount(0);

  // Second booking, a declined card: the error shows in red and Pay works again.
  const second = await bookFirstBook(page, 'Science', buyer);
  expect(second).not.toBe(first);
  await openMyOrders(page);
  await orderRow(page, second).getByRole('link', { name: 'Pay' }).click();
  await expect(page.getByRole('heading', { name: `payment for ${second}` })).toBeVisible();
  await enterCard(page, '4000 0000 0000 0002');
  await expect(pay).toBeEnabled();
  await pay.click();
  const error = page.getByRole('alert').filter({ hasText: 'Your card was declined.' });
  await expect(error).toBeVisible();
  const [red, green, blue] = (await error.evaluate((element) => getComputedStyle(element).color)).match(/\d+/g)!.map(Number);
  expect(red).toBeGreaterThan(150);
  expect(green).toBeLessThan(100);
  expect(blue).toBeLessThan(100);
  await expect(pay).toBeEnabled();
  await expect(page.getByText('Congrats pyament complete')).toHaveCount(0);
  await finalScreenshot(page, 'b-buyer-card-declined');
});
