import type { Page } from '@playwright/test';
import { expect } from '../fixtures';
import type { ListedBook } from './orders';

/** What a buyer does in the browser to book a book and pay for it (shared by the journeys). */

/** Dollars as the shop writes them: whole amounts without cents. */
export const dollars = (amount: number) => `$${Number.isInteger(amount) ? amount : amount.toFixed(2)}`;

export interface Booking {
  method: 'meetup' | 'shipping';
  phone: string;
  address?: string;
}

/** Books `book` from its page in the booking modal, as a meet-up or shipped to an address. */
export async function book(page: Page, listed: ListedBook, { method, phone, address }: Booking) {
  await page.goto(`/books/${listed.id}`);
  // The page comes rendered by the server: Book Now works once the app is live (the bar knows the session).
  await expect(page.getByRole('navigation', { name: 'main' }).getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await page.getByRole('button', { name: 'Book Now' }).click();
  const modal = page.getByRole('dialog', { name: listed.name });
  await modal.getByLabel('Phone', { exact: true }).fill(phone);
  await modal.getByLabel('Location', { exact: true }).fill('Springfield');
  const delivery = modal.getByRole('radiogroup', { name: 'How do you want the book?' });
  if (method === 'shipping') {
    await delivery.getByRole('radio', { name: 'Shipping' }).check();
    await modal.getByLabel('Shipping address').fill(address ?? '');
    await expect(modal.getByText(`Shipping: ${dollars(listed.shippingPrice)}`)).toBeVisible();
    await expect(modal.getByText(`Total: ${dollars(listed.price + listed.shippingPrice)}`)).toBeVisible();
  } else {
    await delivery.getByRole('radio', { name: 'Meet-up' }).check();
    await expect(modal.getByText(`Total: ${dollars(listed.price)}`)).toBeVisible();
  }
  await modal.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Booking Confirm')).toBeVisible();
  await expect(modal).toBeHidden();
}

export const myOrdersRow = (page: Page, bookName: string) =>
  page.getByRole('table', { name: 'My Orders' }).getByRole('row').filter({ hasText: bookName });

/** Pays the booking from My Orders with the sandbox's good test card; answers the PaymentIntent's id. */
export async function pay(page: Page, bookName: string): Promise<string> {
  await page.goto('/dashboard');
  await myOrdersRow(page, bookName).getByRole('link', { name: 'Pay' }).click();
  await expect(page.getByRole('heading', { name: `payment for ${bookName}` })).toBeVisible();
  await payOnThisPage(page);
  const receipt = (await page.getByText(/^Your transaction id: pi_\w+$/).textContent()) ?? '';
  return /pi_\w+/.exec(receipt)?.[0] ?? '';
}


/** Pays on the payment page that is open, with the sandbox's good test card. */
export async function payOnThisPage(page: Page): Promise<void> {
  await page.getByLabel('Card number').pressSequentially('4242 4242 4242 4242');
  await page.getByLabel('MM / YY').pressSequentially('1234');
  await page.getByLabel('CVC').pressSequentially('123');
  const payButton = page.getByRole('button', { name: 'Pay', exact: true });
  await expect(payButton).toBeEnabled();
  await payButton.click();
  await expect(page.getByText('Congrats pyament complete')).toBeVisible();
}
