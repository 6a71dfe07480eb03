import fs from 'node:fs';
import path from 'node:path';
import { createUser, emulatorEndpoint, postJson } from './accounts';
import { apiUrl, mailUrl, stripeSandboxUrl } from './env';

/**
 * What the order journeys need besides the browser, through the real services: API access tokens
 * (as the client gets them), a seller's book, the test-only clock of one order, the payment
 * sandbox's refunds and the local inbox (maildev).
 */

const IMAGE = path.join(__dirname, '..', '..', 'scripts', 'demo-assets', 'book-cover-blue.png');
const TIMEOUT_MS = 15_000;
export const DAY_MS = 86_400_000;
export const ADMIN_EMAIL = 'admin@bookresale.test';

/** An API access token, as the client gets one: the emulator's ID token exchanged at `GET /jwt`. */
export async function accessToken(email: string, password = 'demo1234'): Promise<string> {
  const { idToken } = await postJson(emulatorEndpoint('signInWithPassword'), { email, password, returnSecureToken: true });
  const response = await fetch(`${apiUrl}/jwt?email=${encodeURIComponent(email)}`, {
    headers: { authorization: `Bearer ${idToken}` },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`GET /jwt for ${email}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

/** Calls the API with an access token; anything but 2xx throws with the answer's text. */
export async function callApi<T>(method: string, pathname: string, token: string, body?: unknown): Promise<T> {
  const response = await fetch(`${apiUrl}${pathname}`, {
    method,
    headers: { authorization: `bearer ${token}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

export interface ListedBook {
  id: string;
  name: string;
  price: number;
  shippingPrice: number;
}

export interface Person {
  name: string;
  email: string;
}

/**
 * A new seller (account and user record, as `createUser` makes them) with one book that offers a
 * meet-up or shipping (`listBook`).
 */
export async function sellerWithBook(seller: Person, title: string): Promise<ListedBook> {
  await createUser({ ...seller, role: 'seller' });
  return listBook(seller.email, title);
}

/**
 * One more book of the seller's, in `category`, listed through the API as the add-product form
 * does it: the cover uploaded to the API's image host, then `POST /products`.
 */
export async function listBook(sellerEmail: string, title: string, category = 'history'): Promise<ListedBook> {
  const token = await accessToken(sellerEmail);
  const form = new FormData();
  form.append('image', new Blob([fs.readFileSync(IMAGE)], { type: 'image/png' }), 'cover.png');
  const upload = await fetch(`${apiUrl}/image-host/1/upload?key=book-resale-local`, {
    method: 'POST',
    headers: { authorization: `bearer ${token}` },
    body: form,
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!upload.ok) throw new Error(`uploading the cover: ${upload.status} ${await upload.text()}`);
  const image = ((await upload.json()) as { data: { url: string } }).data.url;
  const book = { name: title, price: 12, shippingPrice: 3.99 };
  const { insertedId } = await callApi<{ insertedId: string }>('POST', '/products', token, {
    name: book.name,
    price: book.price,
    orginal_price: 30,
    phone: '+1 555 0160',
    location: 'Worcester',
    condition: 'Good',
    category,
    uses: '1 year',
    description: 'A clean copy, no notes.',
    image,
    delivery: { meetup: true, shipping: true, shippingPrice: book.shippingPrice },
  });
  return { id: insertedId, ...book };
}

/**
 * Test-only (`ORDER_TIME_TRAVEL=1`): the admin moves one order's clock `ms` forward and the API
 * sweeps at once. Answers the order as the admin reads it.
 */
export async function elapse(orderId: string, ms: number): Promise<{ state: string }> {
  const token = await accessToken(ADMIN_EMAIL);
  return callApi('POST', `/test/orders/${encodeURIComponent(orderId)}/elapse`, token, { ms });
}

export interface SandboxRefund {
  id: string;
  amount: number;
  status: string;
  payment_intent: string;
}

/** The refunds of one PaymentIntent, as the payment sandbox (Stripe's `GET /v1/refunds`) lists them. */
export async function refundsOf(intentId: string): Promise<SandboxRefund[]> {
  const response = await fetch(`${stripeSandboxUrl}/v1/refunds?payment_intent=${encodeURIComponent(intentId)}`, {
    headers: { authorization: 'Bearer sk_test_sandbox' },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`GET /v1/refunds: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: SandboxRefund[] }).data;
}

export interface Mail {
  subject: string;
  to: { address: string }[];
  text?: string;
  html?: string;
}

/** Every email in the local inbox (maildev's `GET /api/email`). */
export async function inbox(): Promise<Mail[]> {
  const response = await fetch(`${mailUrl}/api/email`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!response.ok) throw new Error(`GET /api/email: ${response.status} ${await response.text()}`);
  return (await response.json()) as Mail[];
}

/** The emails to `email` whose subject names `bookName`. */
export async function mailsAbout(email: string, bookName: string): Promise<Mail[]> {
  return (await inbox()).filter(
    (mail) => mail.to.some((to) => to.address.toLowerCase() === email.toLowerCase()) && mail.subject.includes(bookName),
  );
}
