import type { Db, Queryable } from '../db/db';
import type { DeliveryCell } from '../inventory/csv';
import type { ImportListing } from '../inventory/rows';

/** A copy as an inventory file lists it. */
export interface InventoryListingRow {
  id: string;
  sku: string;
  isbn: string | null;
  name: string;
  author: string;
  category: string;
  condition: string;
  resale_price_cents: number;
  orginal_price_cents: number;
  location: string;
  offers_meetup: boolean;
  offers_shipping: boolean;
  shipping_price_cents: number | null;
  description: string;
  created_at_text: string;
}

export interface InventoryDefaults {
  phone: string | null;
  location: string | null;
  delivery: DeliveryCell | null;
  category: string | null;
}

/** A copy an import lists: its id (chosen when the row was checked), SKU, row and fields. */
export interface ImportedCopy {
  id: string;
  sku: string;
  /** Its row in the file: copies are dated in the file's order, so the export lists them so. */
  line: number;
  listing: ImportListing;
}

/** Whether a copy has an open booking: a file never changes such a copy. */
const NOT_BOOKED = "not exists (select 1 from bookings k where k.book_id = b.id and k.state = 'booked')";

export const NO_DEFAULTS: InventoryDefaults = { phone: null, location: null, delivery: null, category: null };

/** A seller's inventory: their copies by SKU, and the defaults for what a file's row leaves out. */
export function inventoryRepository(db: Db) {
  return {
    /**
     * The seller's copies not sold (booked ones included), oldest first, `pageSize` at a time.
     * A copy listed by hand has its id for a SKU.
     */
    async *listingsOf(sellerId: string, pageSize = 1000): AsyncGenerator<InventoryListingRow[]> {
      let after: { createdAt: string; id: string } | undefined;
      for (;;) {
        const params: unknown[] = [sellerId, pageSize];
        let from = '';
        if (after) {
          params.push(after.createdAt, after.id);
          from = 'and (b.created_at, b.id) > ($3::timestamptz, $4)';
        }
        const rows = await db.query<InventoryListingRow>(
          `select b.id, coalesce(b.sku, b.id) as sku, b.isbn, b.name, b.author, b.category, b.condition,
             b.resale_price_cents, b.orginal_price_cents, b.location, b.offers_meetup, b.offers_shipping,
             b.shipping_price_cents, b.description, b.created_at::text as created_at_text
           from books b
           where b.seller_id = $1 and not b.sold ${from}
           order by b.created_at, b.id
           limit $2`,
          params,
        );
        if (rows.length > 0) yield rows;
        if (rows.length < pageSize) return;
        const last = rows[rows.length - 1];
        after = { createdAt: last.created_at_text, id: last.id };
      }
    },

    async defaultsOf(sellerId: string): Promise<InventoryDefaults> {
      const [row] = await db.query<InventoryDefaults>(
        'select phone, location, delivery, category from inventory_defaults where seller_id = $1',
        [sellerId],
      );
      return row ?? NO_DEFAULTS;
    },

    /** Saves the defaults; answers undefined when the category does not exist (nothing saved). */
    async saveDefaults(sellerId: string, defaults: InventoryDefaults, now: Date): Promise<InventoryDefaults | undefined> {
      if (defaults.category !== null) {
        const [known] = await db.query('select 1 from categories where category = $1', [defaults.category]);
        if (!known) return undefined;
      }
      const saved = db.query<InventoryDefaults>(
        `insert into inventory_defaults (seller_id, phone, location, delivery, category, updated_at)
         values ($1, $2, $3, $4, $5, $6)
         on conflict (seller_id) do update set phone = excluded.phone, location = excluded.location,
           delivery = excluded.delivery, category = excluded.category, updated_at = excluded.updated_at
         returning phone, location, delivery, category`,
        [sellerId, defaults.phone, defaults.location, defaults.delivery, defaults.category, now],
      );
      try {
        return (await saved)[0];
      } catch (error) {
        // The category was removed meanwhile.
        if ((error as { code?: string }).code === '23503') return undefined;
        throw error;
      }
    },

    /**
     * Lists copies of an import as the seller's books, dated `date`; a copy whose SKU the seller
     * already has (the row was applied before a crash) is left alone. Answers the ids listed.
     */
    async listCopies(tx: Queryable, sellerId: string, copies: ImportedCopy[], img: string, date: string): Promise<string[]> {
      if (copies.length === 0) return [];
      const rows = await tx.query<{ id: string }>(
        `insert into books (id, sku, category, name, img, location, resale_price_cents, orginal_price_cents, seller_id,
           seller_email, seller_name, number, uses, date, condition, description, author, isbn, offers_meetup,
           offers_shipping, shipping_price_cents, photos, created_at)
         select c.id, c.sku, l.category, l.name, coalesce(nullif(l.img, ''), $3), l.location, l.resale_price_cents, l.orginal_price_cents, u.id,
           u.email, u.name, l.number, '', $4, l.condition, l.description, l.author, l.isbn, l.offers_meetup,
           l.offers_shipping, l.shipping_price_cents, '{}', statement_timestamp() + c.line * interval '1 microsecond'
         from jsonb_to_recordset($2::jsonb) as c(id text, sku text, line int, listing jsonb)
         cross join lateral jsonb_populate_record(null::import_listing, c.listing) l
         join users u on u.id = $1
         on conflict do nothing
         returning id`,
        [sellerId, JSON.stringify(copies), img, date],
      );
      return rows.map((row) => row.id);
    },

    /**
     * Changes a copy as its row says, unless it is sold or booked now: answers the price it had
     * before, or undefined when it was not changed.
     */
    async updateCopy(tx: Queryable, sellerId: string, id: string, listing: ImportListing): Promise<{ previousPriceCents: number } | undefined> {
      const [before] = await tx.query<{ price: number }>(
        `select b.resale_price_cents::int as price from books b
         where b.id = $1 and b.seller_id = $2 and not b.sold and ${NOT_BOOKED} for update`,
        [id, sellerId],
      );
      if (!before) return undefined;
      await tx.query(
        `update books set name = $3, author = $4, isbn = $5, category = $6, condition = $7, resale_price_cents = $8,
           orginal_price_cents = $9, location = $10, number = $11, offers_meetup = $12, offers_shipping = $13,
           shipping_price_cents = $14, description = $15
         where id = $1 and seller_id = $2`,
        [id, sellerId, listing.name, listing.author, listing.isbn, listing.category, listing.condition, listing.resale_price_cents,
          listing.orginal_price_cents, listing.location, listing.number, listing.offers_meetup, listing.offers_shipping,
          listing.shipping_price_cents, listing.description],
      );
      return { previousPriceCents: before.price };
    },

    /** Withdraws copies neither sold nor booked; answers the ids withdrawn. */
    async withdrawCopies(tx: Queryable, sellerId: string, ids: string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await tx.query<{ id: string }>(
        `delete from books b where b.id = any($2::text[]) and b.seller_id = $1 and not b.sold and ${NOT_BOOKED} returning b.id`,
        [sellerId, ids],
      );
      return rows.map((row) => row.id);
    },
  };
}
