import { accessToken, callApi, DAY_MS, elapse } from './orders';

/**
 * What the accessibility sweep needs of messages and reviews in the demo shop, made through the
 * API as the pages make it, by the demo buyer and the demo seller (scripts/demo-accounts.mjs):
 *
 * - the completed order's thread holds a message each way (markup and a long address among the
 *   words), and the buyer reported the seller's message, so an admin may read that thread;
 * - the completed order is reviewed by its buyer only: the buyer's page shows their review waiting,
 *   the seller's the form;
 * - the shipped order is received and completed (the test-only clock passes its problem window)
 *   and reviewed by both sides: both reviews show, and the seller's page lists the buyer's.
 * - the admin reported the demo seller and dismissed the report: the admin has an unread
 *   notification (its outcome), as the buyer and the seller have theirs from the demo orders, so
 *   the sweep sees every role's bell with a count.
 *
 * Each step looks first at what is there, so running it again (another worker, a retry) changes nothing.
 */

export const DEMO_BUYER = 'buyer@bookresale.test';
export const DEMO_SELLER = 'seller@bookresale.test';
export const DEMO_ADMIN = 'admin@bookresale.test';
/** The demo orders the setup works on, by book. */
export const TALKED_ABOUT = 'The Pragmatic Programmer (demo copy)';
export const REVIEWED = 'Sapiens (demo copy)';
/** What the demo buyer writes in reporting the seller's answer: the admin finds the report by it. */
export const DEMO_REPORT_TEXT = 'Sends me to other listings.';

const HOUR_MS = 3_600_000;

interface Order {
  _id: string;
  bookName: string;
  state: string;
}

interface Message {
  _id: string;
  author: { _id: string };
  text: string;
}

interface OrderReviews {
  mine: unknown;
  open: boolean;
}

/** The API answered 409: it has that already. */
const isConflict = (error: unknown) => error instanceof Error && /: 409 /.test(error.message);

async function orderOf(buyerToken: string, bookName: string): Promise<Order> {
  const orders = await callApi<Order[]>('GET', `/bookings?email=${encodeURIComponent(DEMO_BUYER)}&limit=200`, buyerToken);
  const order = orders.find((row) => row.bookName === bookName);
  if (!order) throw new Error(`the demo buyer has no order of ${bookName}`);
  return order;
}

async function review(bookingId: string, token: string, rating: number, comment: string) {
  const { mine, open } = await callApi<OrderReviews>('GET', `/bookings/${bookingId}/reviews`, token);
  if (mine === null && open) await callApi('POST', `/bookings/${bookingId}/reviews`, token, { rating, comment });
}

async function converse(buyerToken: string, sellerToken: string, threadId: string): Promise<string> {
  let messages = await callApi<Message[]>('GET', `/threads/${threadId}/messages`, buyerToken);
  if (messages.length === 0) {
    await callApi('POST', `/threads/${threadId}/messages`, buyerToken, {
      text: 'Thanks, it arrived safely! Is <b>the second volume</b> for sale too?\nI saw it at https://books.example.com/pragmatic-programmer/second-volume-20th-anniversary-edition',
    });
    await callApi('POST', `/threads/${threadId}/messages`, sellerToken, {
      text: 'Glad you like it. The second volume is listed on my page, same condition.',
    });
    messages = await callApi<Message[]>('GET', `/threads/${threadId}/messages`, buyerToken);
  }
  // Newest first: the seller's answer.
  const answer = messages[0];
  const sellerId = answer.author._id;
  try {
    await callApi('POST', '/reports', buyerToken, { kind: 'message', id: answer._id, reason: 'spam', text: DEMO_REPORT_TEXT });
  } catch (error) {
    if (!isConflict(error)) throw error;
  }
  return sellerId;
}

/** What the admin writes in reporting the demo seller (and finds the report by). */
const ADMIN_REPORT_TEXT = 'A look at the trust queue from the other side.';

interface AdminReport {
  _id: string;
  text: string | null;
}

/** The admin reports the seller and dismisses the report: its outcome is an unread notification for the admin. */
async function adminHearsOfOutcome(adminToken: string, sellerId: string) {
  const reports = await callApi<AdminReport[]>('GET', '/admin/reports?state=dismissed&limit=100', adminToken);
  if (reports.some((report) => report.text === ADMIN_REPORT_TEXT)) return;
  const report = await callApi<AdminReport>('POST', '/reports', adminToken, { kind: 'user', id: sellerId, reason: 'other', text: ADMIN_REPORT_TEXT });
  await callApi('POST', `/admin/reports/${report._id}/actions`, adminToken, { action: 'dismiss', reason: 'Nothing wrong: a check of the queue.' });
}

async function carryToCompleted(order: Order, buyerToken: string) {
  let { state } = order;
  if (state === 'shipped') state = (await callApi<Order>('POST', `/bookings/${order._id}/transitions`, buyerToken, { to: 'received' })).state;
  if (state === 'received') state = (await elapse(order._id, 2 * DAY_MS + HOUR_MS)).state;
  if (state !== 'completed') throw new Error(`the demo order of ${order.bookName} is ${state}, not completed`);
}

/** The book the demo buyer's offer is for (a book of the demo seller's). */
export const OFFERED = 'Clean Code (demo copy)';

/** The demo buyer's offer on a demo book, waiting for the seller's answer (made once). */
async function offerWaiting(buyerToken: string) {
  const pending = await callApi<{ books: { name: string }[] }[]>('GET', '/offers?role=buyer&state=pending', buyerToken);
  if (pending.some((offer) => offer.books.some((book) => book.name === OFFERED))) return;
  const found = await callApi<{ items: { _id: string; name: string; resale_price: number }[] }>('GET', `/books/search?q=${encodeURIComponent(OFFERED)}`, buyerToken);
  const book = found.items.find((item) => item.name === OFFERED);
  if (!book) throw new Error(`the demo book ${OFFERED} is not listed`);
  try {
    await callApi('POST', '/offers', buyerToken, { bookIds: [book._id], amount: Math.floor(book.resale_price * 0.8), delivery: { method: 'meetup' } });
  } catch (error) {
    // Another worker made it meanwhile.
    if (!isConflict(error)) throw error;
  }
}

async function setUp() {
  const [buyerToken, sellerToken, adminToken] = await Promise.all([accessToken(DEMO_BUYER), accessToken(DEMO_SELLER), accessToken(DEMO_ADMIN)]);
  const talkedAbout = await orderOf(buyerToken, TALKED_ABOUT);
  const sellerId = await converse(buyerToken, sellerToken, talkedAbout._id);
  await adminHearsOfOutcome(adminToken, sellerId);
  await review(talkedAbout._id, buyerToken, 5, 'Exactly as described, and a pleasure to deal with.');

  const reviewed = await orderOf(buyerToken, REVIEWED);
  await carryToCompleted(reviewed, buyerToken);
  await review(reviewed._id, buyerToken, 4, 'Well packed and quick to ship. A few pencil notes the listing did not mention.');
  await review(reviewed._id, sellerToken, 5, 'Paid at once and confirmed the delivery the day it came.');
  await offerWaiting(buyerToken);
}

let done: Promise<void> | undefined;

/** The demo shop's messages, report and reviews, made once per worker. */
export function demoTrust(): Promise<void> {
  done ??= setUp();
  return done;
}
