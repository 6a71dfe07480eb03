import type { Db, Queryable } from '../db/db';
import { badRequest, conflict, forbidden, notFound } from '../lib/errors';
import { newId } from '../lib/ids';
import { handoverCode } from '../orders/handover';
import { moveWithin } from '../orders/moves';
import { insertOrder, orderNameOf } from '../orders/newOrder';
import { clockFor } from '../orders/states';
import type { OrderService } from '../plugins/orders';
import { blocksRepository } from '../repositories/blocks';
import { bookingsRepository, type BookingRow, type NewBooking } from '../repositories/bookings';
import { orderLinesRepository } from '../repositories/orderLines';
import type { User } from '../repositories/users';
import { BOOKING_BLOCKED } from '../routes/bookings';
import { deliveryOfBooks, type DeliveryChoice } from './delivery';
import { priceOf } from './pricing';
import { pricedBook, readBundle } from './wire';

export interface CheckoutBody {
  email: string;
  cusTomername?: string;
  location: string;
  phone: string;
  delivery?: DeliveryChoice;
}

/** Why an open order of the bundle ends when the buyer checks the bundle out again. */
export const REPLACED_REASON = 'Replaced by a new checkout of the bundle';

/** An open order that is this very checkout again (a repeated request): same books, prices and delivery. */
const sameCheckout = (open: BookingRow, lines: readonly { book_id: string | null; price_cents: number }[], booking: NewBooking, bookIds: readonly string[]) =>
  lines.length === bookIds.length &&
  lines.every((line, index) => line.book_id === bookIds[index]) &&
  open.resale_price_cents === booking.resale_price_cents &&
  open.shipping_cents === booking.shipping_cents &&
  open.delivery_method === booking.delivery_method &&
  open.delivery_address === booking.delivery_address;

/** The buyer's open (unpaid) orders of several books from this seller, locked. */
async function openBundleOrders(tx: Queryable, buyerId: string, sellerId: string): Promise<BookingRow[]> {
  const ids = await tx.query<{ id: string }>(
    `select k.id from bookings k
     where k.buyer_id = $1 and k.seller_id = $2 and k.state = 'booked' and exists (select 1 from order_lines l where l.booking_id = k.id)
     for update`,
    [buyerId, sellerId],
  );
  const bookings = bookingsRepository(tx);
  const rows = await Promise.all(ids.map((row) => bookings.findById(row.id)));
  return rows.filter((row): row is BookingRow => row !== undefined);
}

/**
 * Checks out the buyer's bundle with a seller: one order of its books on sale, at the seller's
 * discount and one parcel's shipping. Its books stay on sale until it is paid (the first payment
 * wins), and stay in the bundle until then. Checking out again replaces the open order of the
 * bundle (or answers it, when nothing changed). Answers the order's id.
 */
export async function checkoutBundle(
  deps: { db: Db; orders: OrderService },
  caller: User,
  sellerId: string,
  body: CheckoutBody,
): Promise<string> {
  const { db, orders } = deps;
  if (sellerId === caller.id) throw badRequest('You cannot book your own book');
  if (await blocksRepository(db).blocks(sellerId, caller.id)) throw forbidden(BOOKING_BLOCKED);
  const bundle = await readBundle(db, caller.id, sellerId);
  if (bundle.available.length === 0) {
    if (bundle.unavailable.length > 0) throw conflict('Nothing in this bundle is for sale any more');
    throw notFound('Your bundle with this seller is empty');
  }
  const delivery = deliveryOfBooks(bundle.available, body.delivery, 'choose a meet-up or take it out of the bundle');
  const price = priceOf(bundle.policy, bundle.available.map(pricedBook), delivery.method);
  const [lead] = bundle.available;
  const lines = bundle.available.map((book) => ({ book_id: book.book_id, name: book.name, price_cents: book.price_cents, img: book.img }));
  const at = orders.clock.now();
  const { dueAt } = clockFor('booked', at, orders.deadlines);
  const booking: NewBooking = {
    id: newId(),
    book_id: lead.book_id,
    buyer_id: caller.id,
    seller_id: sellerId,
    email: caller.email,
    cus_tomername: body.cusTomername?.trim() || caller.name,
    location: body.location,
    phone: body.phone,
    book_name: orderNameOf(lines),
    resale_price_cents: price.subtotalCents - price.discountCents,
    discount_cents: price.discountCents,
    img: lead.img,
    delivery_method: delivery.method,
    delivery_address: delivery.address,
    shipping_cents: price.shippingCents,
    handover_code: handoverCode(),
    state_at: at,
    due_at: dueAt,
  };
  const bookIds = bundle.available.map((book) => book.book_id);
  return db.transaction(async (tx) => {
    const open = await openBundleOrders(tx, caller.id, sellerId);
    const openLines = await orderLinesRepository(tx).linesOf(open.map((row) => row.id));
    const repeat = open.find((row) => sameCheckout(row, openLines.get(row.id) ?? [], booking, bookIds));
    if (repeat) return repeat.id;
    await moveWithin(tx, orders, open.map((row) => row.id), 'booked', 'cancelled', at, { actor: 'buyer', reason: REPLACED_REASON });
    const alone = await bookingsRepository(tx).findUnpaid(caller.id, lead.book_id);
    if (alone) throw conflict(`You booked "${lead.name}" on its own: pay for it or cancel that booking, or take it out of the bundle`);
    if (!(await insertOrder(tx, booking, lines))) throw conflict('This bundle changed meanwhile; please try again');
    return booking.id;
  }).finally(() => orders.told());
}
