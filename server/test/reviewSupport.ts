import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { addProduct, pay, type Actor, type TestApp } from './helper';
import { move } from './orderSupport';

/** A review as the API answers it. */
export interface WireReview {
  _id: string;
  bookingId: string;
  bookName: string;
  role: 'buyer' | 'seller';
  author: { _id: string; name: string };
  subject: { _id: string; name: string };
  rating: number;
  comment: string | null;
  at: string;
  shown: boolean;
  reply: { text: string; at: string } | null;
}

export interface OrderReviews {
  mine: WireReview | null;
  theirs: WireReview | null;
  dueAt: string | null;
  open: boolean;
}

export interface WireScore {
  average: number | null;
  count: number;
  completedShare: number | null;
}

let counter = 0;

/** A fresh book of `seller`'s, offered for shipping only; answers its id. */
export const shippedBook = (app: FastifyInstance, seller: Actor, overrides: Record<string, unknown> = {}) =>
  addProduct(app, seller, { name: `Reviewed book ${++counter}`, delivery: { meetup: false, shipping: true, shippingPrice: 3 }, ...overrides });

/** A shipping order of a fresh book, paid; answers its id. */
export async function paidOrder(t: TestApp, buyer: Actor, seller: Actor): Promise<string> {
  const bookId = await shippedBook(t.app, seller);
  const booked = await t.app.inject({
    method: 'POST', url: '/bookings', headers: buyer.headers,
    payload: { bookId, email: buyer.email, delivery: { method: 'shipping', address: '1 Main St' } },
  });
  if (booked.statusCode !== 200) throw new Error(`booking failed: ${booked.body}`);
  const bookingId = booked.json<{ insertedId: string }>().insertedId;
  const { response } = await pay(t.app, t.stripe, buyer, bookingId);
  if (response.statusCode !== 200) throw new Error(`payment failed: ${response.body}`);
  return bookingId;
}

/** An order carried to `completed` through the API (shipped, received, completed by the buyer) now; answers its id. */
export async function completedOrder(t: TestApp, buyer: Actor, seller: Actor): Promise<string> {
  const bookingId = await paidOrder(t, buyer, seller);
  for (const [actor, to] of [[seller, 'shipped'], [buyer, 'received'], [buyer, 'completed']] as const) {
    const moved = await move(t.app, actor, bookingId, { to });
    if (moved.statusCode !== 200) throw new Error(`${to} failed: ${moved.body}`);
  }
  return bookingId;
}

export const postReview = (app: FastifyInstance, actor: Actor, bookingId: string, body: object): Promise<LightMyRequestResponse> =>
  app.inject({ method: 'POST', url: `/bookings/${bookingId}/reviews`, headers: actor.headers, payload: body });

export const replyTo = (app: FastifyInstance, actor: Actor, reviewId: string, text: string): Promise<LightMyRequestResponse> =>
  app.inject({ method: 'POST', url: `/reviews/${reviewId}/reply`, headers: actor.headers, payload: { text } });

/** `GET /bookings/:id/reviews` as `actor`, which must answer 200. */
export async function reviewsOf(app: FastifyInstance, actor: Actor, bookingId: string): Promise<OrderReviews> {
  const response = await app.inject({ url: `/bookings/${bookingId}/reviews`, headers: actor.headers });
  if (response.statusCode !== 200) throw new Error(`reading the reviews failed: ${response.statusCode} ${response.body}`);
  return response.json<OrderReviews>();
}

/** `GET /users/:id/reviews` (public), which must answer 200. */
export async function userReviews(app: FastifyInstance, userId: string, query = '') {
  const response = await app.inject({ url: `/users/${userId}/reviews${query}` });
  if (response.statusCode !== 200) throw new Error(`listing reviews failed: ${response.statusCode} ${response.body}`);
  return { body: response.json<WireScore & { reviews: WireReview[] }>(), link: response.headers.link as string | undefined };
}
