import type { Db } from '../db/db';
import type { DeliveryCell } from '../inventory/csv';

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
  };
}
