import type { Queryable } from '../db/db';

/** A book in a buyer's bundle, as it is now. */
export interface BundleBookRow {
  book_id: string;
  seller_id: string;
  name: string;
  img: string;
  price_cents: number;
  shipping_price_cents: number | null;
  offers_meetup: boolean;
  offers_shipping: boolean;
  sold: boolean;
  /** An admin hid the listing, or its seller is suspended. */
  hidden: boolean;
  added_at: Date;
}

/** The most books one bundle holds. */
export const BUNDLE_MAX_BOOKS = 50;

const BOOK_COLUMNS = `i.book_id, i.seller_id, b.name, b.img, b.resale_price_cents as price_cents, b.shipping_price_cents,
  b.offers_meetup, b.offers_shipping, b.sold, (b.hidden_at is not null or b.seller_suspended) as hidden, i.added_at`;

export function bundlesRepository(db: Queryable) {
  return {
    /** The sellers the buyer has a bundle with, the one added to last first. */
    async sellersOf(buyerId: string): Promise<string[]> {
      const rows = await db.query<{ seller_id: string }>(
        `select seller_id from bundle_items where buyer_id = $1
         group by seller_id order by max(seq) desc limit 100`,
        [buyerId],
      );
      return rows.map((row) => row.seller_id);
    },

    /** The books of the buyer's bundle with this seller, in the order they were added. */
    booksOf(buyerId: string, sellerId: string): Promise<BundleBookRow[]> {
      return db.query<BundleBookRow>(
        `select ${BOOK_COLUMNS} from bundle_items i join books b on b.id = i.book_id
         where i.buyer_id = $1 and i.seller_id = $2 order by i.seq`,
        [buyerId, sellerId],
      );
    },

    async count(buyerId: string, sellerId: string): Promise<number> {
      const [{ count }] = await db.query<{ count: number }>(
        'select count(*)::int as count from bundle_items where buyer_id = $1 and seller_id = $2',
        [buyerId, sellerId],
      );
      return count;
    },

    /** Adds the book (again: no change); the caller checked that it is the seller's and on sale. */
    async add(buyerId: string, sellerId: string, bookId: string, at: Date): Promise<void> {
      await db.query(
        'insert into bundle_items (buyer_id, seller_id, book_id, added_at) values ($1, $2, $3, $4) on conflict do nothing',
        [buyerId, sellerId, bookId, at],
      );
    },

    /** An order paid: its books leave the buyer's bundle. */
    async removeBought(buyerId: string, bookingId: string): Promise<void> {
      await db.query(
        `delete from bundle_items where buyer_id = $1 and book_id in (
           select book_id from bookings where id = $2 and book_id is not null
           union all
           select book_id from order_lines where booking_id = $2 and book_id is not null)`,
        [buyerId, bookingId],
      );
    },

    async remove(buyerId: string, sellerId: string, bookIds: readonly string[]): Promise<void> {
      await db.query('delete from bundle_items where buyer_id = $1 and seller_id = $2 and book_id = any($3::text[])', [
        buyerId, sellerId, bookIds,
      ]);
    },
  };
}
