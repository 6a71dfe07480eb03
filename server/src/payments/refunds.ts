import { isForeignKeyViolation, type Queryable } from '../db/db';
import { HttpError } from '../lib/errors';
import { formatCents } from '../lib/money';
import { providerCodeOf, type PaymentIntentView } from '../lib/paymentProvider';
import type { UnsellableLine } from '../repositories/orderLines';
import type { PaymentDeps } from './intents';

/** Why a sale can no longer happen, as the buyer is told. */
export const UNAVAILABLE = {
  soldElsewhere: 'This book was sold to another buyer meanwhile',
  paidByOtherPayment: 'This booking was already paid by your other payment',
  withdrawnBySeller: 'The seller withdrew this book meanwhile',
  cancelledByBuyer: 'You cancelled this booking',
  expired: 'This booking expired before it was paid',
  /** A booking that is gone, for an intent that does not name its book (made before intents did). */
  withdrawn: 'This booking was withdrawn meanwhile',
} as const;

/** Why an order of several books can no longer be paid, naming the book it lost. */
export function lineUnavailable(line: UnsellableLine): string {
  return line.why === 'sold' ? `"${line.name}" was sold to another buyer meanwhile` : `The seller withdrew "${line.name}" meanwhile`;
}

/** Provider codes meaning the refund is done or being done. */
const REFUND_UNDER_WAY = ['charge_already_refunded', 'idempotency_key_in_use'];

/** A succeeded charge for a sale that cannot happen any more: it is refunded, never kept. */
export class Unfulfillable extends Error {
  readonly sayAmount: boolean;

  constructor(
    readonly intent: PaymentIntentView,
    readonly bookingId: string,
    readonly reason: string,
    { sayAmount = true } = {},
  ) {
    super(reason);
    this.name = 'Unfulfillable';
    this.sayAmount = sayAmount;
  }
}

/** The answer once an unfulfillable charge was given back: 409, naming why. */
export class Refunded extends HttpError {
  constructor(message: string) {
    super(409, message);
    this.name = 'Refunded';
  }
}

/** A booking and its book, as one statement saw them. */
interface SaleState {
  booked: boolean;
  paid: boolean;
  /** The order's state, when it is there. */
  state: string | null;
  listed: boolean;
  sold: boolean;
}

/**
 * The booking (or, when it is gone, the book `bookId`) and its book in one statement, so one
 * snapshot: a sale commits the booking paid and the book sold together, and is seen whole or not
 * at all. Read in two statements, a sale committed between them would show the booking unpaid
 * and its book sold, as if another buyer had bought it.
 */
async function saleStateOf(db: Queryable, bookingId: string, bookId: string | undefined): Promise<SaleState> {
  const [state] = await db.query<SaleState>(
    `select k.id is not null as booked, coalesce(k.paid, false) as paid, k.state,
       b.id is not null as listed,
       -- Held for this very order by its accepted offer, a book is not sold to anyone else.
       coalesce(b.sold and b.reserved_booking_id is distinct from k.id, false) as sold
     from (select $1::text as id) wanted
     left join bookings k on k.id = wanted.id
     left join books b on b.id = coalesce(k.book_id, $2::text)`,
    [bookingId, bookId ?? null],
  );
  return state;
}

/**
 * Why the booking can no longer be paid, read now (after whatever happened meanwhile), or
 * undefined when it still can. A booking that is gone was cancelled by its buyer when its book is
 * still there; deleting a book (by its seller, an admin, or with the seller's account) removes
 * its unpaid bookings with it. Only the booking's buyer pays it, so a paid booking was paid by
 * the buyer's other payment; a sold book with this booking unpaid went to another buyer.
 */
export async function whyUnavailable(
  db: Queryable,
  bookingId: string,
  bookId: string | undefined,
): Promise<string | undefined> {
  const { booked, paid, state, listed, sold } = await saleStateOf(db, bookingId, bookId);
  if (!booked) {
    if (!bookId) return UNAVAILABLE.withdrawn;
    return listed ? UNAVAILABLE.cancelledByBuyer : UNAVAILABLE.withdrawnBySeller;
  }
  if (paid) return UNAVAILABLE.paidByOtherPayment;
  if (state === 'expired') return UNAVAILABLE.expired;
  if (state === 'cancelled') return listed ? UNAVAILABLE.cancelledByBuyer : UNAVAILABLE.withdrawnBySeller;
  if (!listed) return UNAVAILABLE.withdrawnBySeller;
  return sold ? UNAVAILABLE.soldElsewhere : undefined;
}

/** What a failed recording most likely lost to, when reading the state again finds nothing. */
export function lostTo(error: unknown): string {
  if (error instanceof Unfulfillable) return error.reason;
  if (isForeignKeyViolation(error)) return UNAVAILABLE.withdrawn;
  const soldElsewhere = error instanceof Error && error.message.includes('bookings_one_paid_per_book');
  return soldElsewhere ? UNAVAILABLE.soldElsewhere : UNAVAILABLE.paidByOtherPayment;
}

/** Gives an unfulfillable charge back (once, whatever the repeats) and says why. */
export async function refund({ provider, log }: PaymentDeps, unfulfillable: Unfulfillable): Promise<never> {
  const { intent, bookingId, reason } = unfulfillable;
  try {
    await provider.refunds.create(
      { payment_intent: intent.id, reason: 'requested_by_customer', metadata: { bookingId } },
      { idempotencyKey: `refund-${intent.id}` },
    );
  } catch (error) {
    // Refunded already, or being refunded by a simultaneous request with the same key.
    if (!REFUND_UNDER_WAY.includes(String(providerCodeOf(error)))) {
      log.error({ err: error, transactionId: intent.id }, 'refunding an unfulfillable payment failed');
      throw new HttpError(502, `${reason}, and refunding your payment failed: please try again`);
    }
  }
  log.warn({ transactionId: intent.id, bookingId }, `refunded: ${reason}`);
  const what = unfulfillable.sayAmount ? `Your payment of ${formatCents(intent.amount)}` : 'Your payment';
  throw new Refunded(`${reason}. ${what} has been refunded.`);
}
