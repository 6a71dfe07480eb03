import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../db/db';
import type { Clock } from '../lib/clock';
import { HttpError } from '../lib/errors';
import { providerCodeOf, providerStatusOf, type PaymentProvider } from '../lib/paymentProvider';
import { postStep } from '../ledger/postings';
import type { Commission } from '../ledgerConfig';
import type { OrderDeadlines } from '../ordersConfig';
import type { BookingRow } from '../repositories/bookings';
import { ordersRepository, type MovedOrder } from '../repositories/orders';
import { clockFor, recipientsOf, RELIST_ON_REFUND, type Actor, type OrderState } from './states';

/** What moving orders needs: the database, the clock and deadlines, the payment provider. */
export interface OrderDeps {
  db: Db;
  clock: Clock;
  deadlines: OrderDeadlines;
  /** The platform's cut, fixed on an order when it is paid (ledger/postings.ts). */
  commission: Commission;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  /** Called after a commit that told someone something (the mail outbox sends it). */
  told(): void;
}

export interface MoveOptions {
  reason?: string | null;
  actor: Actor;
  carrier?: string | null;
  tracking?: string | null;
}

/** Who is told of orders entering `to`: not the side that made the move (it knows). */
function toldOf(to: OrderState, actor: Actor) {
  return recipientsOf(to).filter((told) => told.side !== actor || told.kind === 'problem_window');
}

const isDb = (target: Queryable | Db): target is Db => 'transaction' in target;

/**
 * Moves the orders `ids` from `from` to `to` within `tx` (the caller's transaction, or the
 * database, then in a transaction of its own): each only while it is still in `from`, with what
 * the step books in the ledger. Answers those moved.
 */
export async function moveWithin(
  tx: Queryable | Db,
  deps: Pick<OrderDeps, 'deadlines' | 'commission'>,
  ids: readonly string[],
  from: OrderState,
  to: OrderState,
  at: Date,
  options: MoveOptions,
): Promise<MovedOrder[]> {
  if (ids.length === 0) return [];
  if (isDb(tx)) return tx.transaction((inner) => moveWithin(inner, deps, ids, from, to, at, options));
  const { dueAt, remindAt } = clockFor(to, at, deps.deadlines);
  const moved = await ordersRepository(tx).move({
    ids,
    from,
    to,
    at,
    dueAt,
    remindAt,
    reason: options.reason ?? null,
    actor: options.actor,
    tell: toldOf(to, options.actor),
    carrier: options.carrier,
    tracking: options.tracking,
    relist: to === 'refunded' && RELIST_ON_REFUND.includes(from),
  });
  await postStep(tx, to, moved.map((order) => order.id), at, deps.commission);
  return moved;
}

/** Moves orders and tells the mail outbox when someone was told. */
export async function moveOrders(
  deps: OrderDeps,
  ids: readonly string[],
  from: OrderState,
  to: OrderState,
  options: MoveOptions,
): Promise<MovedOrder[]> {
  const moved = await moveWithin(deps.db, deps, ids, from, to, deps.clock.now(), options);
  if (moved.length > 0) deps.told();
  return moved;
}

/** The provider said no to the refund (a 4xx it will repeat): the order stays as it was. */
export class RefundRefused extends HttpError {
  constructor() {
    super(502, 'The payment provider refused the refund; the order stays as it was');
    this.name = 'RefundRefused';
  }
}

/**
 * The refund's outcome is not known (the provider could not be reached, timed out, failed, or is
 * still making it under the same key): it stays under way and the sweep asks again, with the same
 * key, after `ORDER_REFUND_RETRY_AFTER`.
 */
export class RefundPending extends HttpError {
  constructor() {
    super(502, 'The payment provider did not confirm the refund yet: it stays under way and is tried again shortly');
    this.name = 'RefundPending';
  }
}

/** Provider codes meaning the charge is refunded already. */
const REFUNDED_ALREADY = 'charge_already_refunded';

/** Whether the provider's answer is a refusal it would repeat: a 4xx other than a conflict of keys or a rate limit. */
function isRefusal(error: unknown): boolean {
  const status = providerStatusOf(error);
  const code = String(providerCodeOf(error));
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 409 && status !== 429 && code !== 'idempotency_key_in_use';
}

/**
 * Refunds the order's charge in full through the payment provider, keyed by the charge, so it is
 * refunded once whoever asks and however often (the refunds of unpaid-for sales use the same key).
 * Throws `RefundRefused` or `RefundPending`.
 */
export async function refundCharge(deps: OrderDeps, bookingId: string): Promise<void> {
  const transactionId = await ordersRepository(deps.db).transactionOf(bookingId);
  if (transactionId === undefined) {
    // Every paid order has its payment on record; one without was never charged here.
    deps.log.warn({ bookingId }, 'a paid order without a recorded payment: nothing to refund at the provider');
    return;
  }
  try {
    await deps.provider.refunds.create(
      { payment_intent: transactionId, reason: 'requested_by_customer', metadata: { bookingId } },
      { idempotencyKey: `refund-${transactionId}` },
    );
  } catch (error) {
    if (providerCodeOf(error) === REFUNDED_ALREADY) return;
    deps.log.error({ err: error, bookingId }, 'refunding an order failed');
    throw isRefusal(error) ? new RefundRefused() : new RefundPending();
  }
}

/**
 * Refunds a paid order in `from` and moves it to `refunded`. The order is marked first (no other
 * move wins while a refund is under way), then the provider refunds, then the order moves. A
 * refusal clears the mark; an unknown outcome, or a process that dies in between, leaves it, and
 * the sweep finishes the refund (`finishStaleRefunds`). Answers false when the order was not in
 * `from` or a refund was under way.
 */
export async function refundOrder(
  deps: OrderDeps,
  booking: Pick<BookingRow, 'id' | 'state'>,
  options: MoveOptions & { reason: string },
): Promise<boolean> {
  const startedAt = deps.clock.now();
  const orders = ordersRepository(deps.db);
  if (!(await orders.startRefund(booking.id, booking.state, startedAt, options.reason, options.actor))) return false;
  try {
    await refundCharge(deps, booking.id);
  } catch (error) {
    if (error instanceof RefundRefused) await orders.abandonRefund(booking.id, startedAt);
    throw error;
  }
  const moved = await moveOrders(deps, [booking.id], booking.state, 'refunded', options);
  return moved.length === 1;
}

/** Why the open orders of a withdrawn book end. */
export const WITHDRAWN_REASON = 'The seller withdrew the book';

/**
 * Cancels the open (booked) orders of books about to be deleted, within the caller's transaction:
 * their buyers keep them, cancelled, and are told. `where` picks the books. An order of several
 * books ends with any one of them: it was priced for all of them.
 */
export async function cancelOpenOrdersOf(
  tx: Queryable,
  deps: Pick<OrderDeps, 'deadlines' | 'clock' | 'commission'>,
  books: { bookId: string } | { sellerId: string },
  actor: Actor,
): Promise<number> {
  const rows =
    'bookId' in books
      ? await tx.query<{ id: string }>(
          `select id from bookings
           where (book_id = $1 or id in (select booking_id from order_lines where book_id = $1)) and state = 'booked' for update`,
          [books.bookId],
        )
      : await tx.query<{ id: string }>(
          `select k.id from bookings k join books b on b.id = k.book_id
           where b.seller_id = $1 and not b.sold and k.state = 'booked' for update of k`,
          [books.sellerId],
        );
  const moved = await moveWithin(tx, deps, rows.map((row) => row.id), 'booked', 'cancelled', deps.clock.now(), {
    actor,
    reason: WITHDRAWN_REASON,
  });
  return moved.length;
}
