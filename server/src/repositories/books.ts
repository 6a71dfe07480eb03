import type { Queryable } from '../db/db';
import { scoreCounts, type ScoreRow } from './scores';
import { keysetPage, Params, type KeysetOrder, type ListPage, type ListPosition } from './keyset';

export interface BookRow {
  id: string;
  category: string;
  name: string;
  img: string;
  location: string;
  resale_price_cents: number;
  orginal_price_cents: number;
  seller_id: string | null;
  seller_email: string;
  seller_name: string;
  number: string;
  uses: string;
  date: string;
  condition: string;
  description: string;
  author: string;
  /** ISBN-13, when the seller gave one. */
  isbn: string | null;
  /** What the seller offers: a meet-up, shipping at `shipping_price_cents`, or both. */
  offers_meetup: boolean;
  offers_shipping: boolean;
  shipping_price_cents: number | null;
  /** The listing's photos after the first (`img`), in order; at most five. */
  photos: string[];
  sold: boolean;
  /** The seller is verified (role admin) or the shop itself; false once the seller's account is gone. */
  verified: boolean;
  /** An admin hid the listing, or its seller is suspended: on no list, and no page but its seller's. */
  hidden: boolean;
}

/** A book as the lists and pages read it: with its seller's score (`ScoreRow`). */
export type ListedBookRow = BookRow & ScoreRow;

export type NewBook = Omit<BookRow, 'sold' | 'verified' | 'hidden'>;

/** What editing a listing may change. */
export type ListingChanges = Partial<
  Pick<
    BookRow,
    | 'category' | 'name' | 'img' | 'location' | 'resale_price_cents' | 'orginal_price_cents' | 'number' | 'uses'
    | 'condition' | 'description' | 'author' | 'isbn' | 'offers_meetup' | 'offers_shipping' | 'shipping_price_cents' | 'photos'
  >
>;

const LISTING_COLUMNS: ReadonlyArray<keyof ListingChanges> = [
  'category', 'name', 'img', 'location', 'resale_price_cents', 'orginal_price_cents', 'number', 'uses',
  'condition', 'description', 'author', 'isbn', 'offers_meetup', 'offers_shipping', 'shipping_price_cents', 'photos',
];

/**
 * The columns of a `ListedBookRow`, from `BOOKS_FROM`: the seller's score comes in the same
 * statement (one primary-key lookup of `user_scores` a row), so a page costs no query more for it.
 */
export const BOOK_COLUMNS = `b.id, b.category, b.name, b.img, b.location, b.resale_price_cents,
  b.orginal_price_cents, b.seller_id, b.seller_email, b.seller_name, b.number, b.uses, b.date,
  b.condition, b.description, b.author, b.isbn, b.offers_meetup, b.offers_shipping, b.shipping_price_cents, b.photos, b.sold,
  coalesce(u.role = 'admin' or u.system_account, false) as verified,
  (b.hidden_at is not null or b.seller_suspended) as hidden,
  ${scoreCounts('b.seller_id', 'seller')}`;

/** The books with their sellers (`u`). */
export const BOOKS_FROM = 'books b left join users u on u.id = b.seller_id';
const SELECT_BOOKS = `select ${BOOK_COLUMNS} from ${BOOKS_FROM}`;

/**
 * The books any list may show: on sale, not hidden by an admin, their seller not suspended. Every
 * index of the lists is partial on `not sold`, which these imply; hidden books are few, and are
 * passed over in the index's order.
 */
export const LISTED = ['not b.sold', 'b.hidden_at is null', 'not b.seller_suspended'] as const;

/** Books are listed oldest first, the order they were put up for sale in. */
export const BOOKS_OLDEST_FIRST: KeysetOrder = { key: 'b.created_at', keyType: 'timestamptz', id: 'b.id' };

export function booksRepository(db: Queryable) {
  return {
    /** A page of the books still for sale (and listed), of one category or of all when `category` is undefined. */
    listForSale(category: string | undefined, limit: number, after?: ListPosition): Promise<ListPage<ListedBookRow>> {
      const params = new Params();
      const where: string[] = [...LISTED];
      if (category !== undefined) where.push(`b.category = ${params.add(category)}`);
      return keysetPage<ListedBookRow>(db, { columns: BOOK_COLUMNS, from: BOOKS_FROM, where, params, order: BOOKS_OLDEST_FIRST, limit, after });
    },

    /** A page of a seller's own books, sold and hidden ones included. */
    listBySeller(sellerId: string, limit: number, after?: ListPosition): Promise<ListPage<ListedBookRow>> {
      const params = new Params();
      const where = [`b.seller_id = ${params.add(sellerId)}`];
      return keysetPage<ListedBookRow>(db, { columns: BOOK_COLUMNS, from: BOOKS_FROM, where, params, order: BOOKS_OLDEST_FIRST, limit, after });
    },

    /** How many books a seller has listed, sold ones included: the length of `listBySeller` over all its pages. */
    async countBySeller(sellerId: string): Promise<number> {
      const rows = await db.query<{ total: number }>('select count(*)::int as total from books where seller_id = $1', [sellerId]);
      return rows[0]?.total ?? 0;
    },

    /** The book, hidden or not (its page answers 404 for a hidden one: `hidden`). */
    async findById(id: string): Promise<ListedBookRow | undefined> {
      return (await db.query<ListedBookRow>(`${SELECT_BOOKS} where b.id = $1`, [id]))[0];
    },

    async insert(book: NewBook): Promise<void> {
      await db.query(
        `insert into books (id, category, name, img, location, resale_price_cents, orginal_price_cents,
           seller_id, seller_email, seller_name, number, uses, date, condition, description, author, isbn,
           offers_meetup, offers_shipping, shipping_price_cents, photos)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)`,
        [
          book.id, book.category, book.name, book.img, book.location, book.resale_price_cents,
          book.orginal_price_cents, book.seller_id, book.seller_email, book.seller_name, book.number,
          book.uses, book.date, book.condition, book.description, book.author, book.isbn,
          book.offers_meetup, book.offers_shipping, book.shipping_price_cents, book.photos,
        ],
      );
    },

    /**
     * Changes a listing while it is unsold; answers the price it had before, or undefined when it
     * is gone or sold (the row is locked, so the old price is the one this change replaced).
     */
    async updateUnsold(id: string, changes: ListingChanges): Promise<{ previousPriceCents: number } | undefined> {
      const columns = LISTING_COLUMNS.filter((column) => changes[column] !== undefined);
      const [before] = await db.query<{ price: number }>(
        'select resale_price_cents::int as price from books where id = $1 and not sold for update',
        [id],
      );
      if (!before) return undefined;
      if (columns.length > 0) {
        const sets = columns.map((column, index) => `${column} = $${index + 2}`).join(', ');
        await db.query(`update books set ${sets} where id = $1`, [id, ...columns.map((column) => changes[column])]);
      }
      return { previousPriceCents: before.price };
    },

    /** Deletes the book only while unsold; answers how many rows went. */
    async deleteUnsold(id: string): Promise<number> {
      const rows = await db.query('delete from books where id = $1 and not sold returning id', [id]);
      return rows.length;
    },

    async deleteUnsoldBySeller(sellerId: string): Promise<number> {
      const rows = await db.query('delete from books where seller_id = $1 and not sold returning id', [
        sellerId,
      ]);
      return rows.length;
    },

    /**
     * Marks the book sold for the order `bookingId`; answers 0 when it already was (someone else
     * paid first, or an accepted offer of another buyer holds it). A book held for this very
     * order (its accepted offer) is sold to it, and no longer held.
     */
    async markSold(id: string, bookingId: string): Promise<number> {
      const rows = await db.query(
        `update books set sold = true, reserved_booking_id = null
         where id = $1 and (not sold or reserved_booking_id = $2) returning id`,
        [id, bookingId],
      );
      return rows.length;
    },

    /** Whether the listing takes offers, and its floor and automatic accept (cents). */
    async offerTermsOf(id: string): Promise<{ offers_enabled: boolean; offer_floor_cents: number | null; offer_auto_accept_cents: number | null }> {
      const [row] = await db.query<{ offers_enabled: boolean; offer_floor_cents: number | null; offer_auto_accept_cents: number | null }>(
        'select offers_enabled, offer_floor_cents, offer_auto_accept_cents from books where id = $1',
        [id],
      );
      return row ?? { offers_enabled: true, offer_floor_cents: null, offer_auto_accept_cents: null };
    },

    async setOfferTerms(id: string, terms: { offers_enabled: boolean; offer_floor_cents: number | null; offer_auto_accept_cents: number | null }): Promise<void> {
      await db.query('update books set offers_enabled = $2, offer_floor_cents = $3, offer_auto_accept_cents = $4 where id = $1', [
        id, terms.offers_enabled, terms.offer_floor_cents, terms.offer_auto_accept_cents,
      ]);
    },

    /** The order an accepted offer holds the book for, if any. */
    async reservedFor(id: string): Promise<string | null> {
      const [row] = await db.query<{ reserved_booking_id: string | null }>('select reserved_booking_id from books where id = $1', [id]);
      return row?.reserved_booking_id ?? null;
    },
  };
}
