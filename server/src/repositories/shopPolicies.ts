import type { Queryable } from '../db/db';
import { NO_POLICY, type ShopPolicy } from '../bundles/pricing';

interface PolicyRow {
  additional_shipping_cents: number | null;
  discounts: { minBooks: number; percent: number }[];
}

export function shopPoliciesRepository(db: Queryable) {
  return {
    /** The seller's policy; `NO_POLICY` when they set none. */
    async of(sellerId: string): Promise<ShopPolicy> {
      const [row] = await db.query<PolicyRow>('select additional_shipping_cents, discounts from shop_policies where seller_id = $1', [sellerId]);
      return row ? { additionalShippingCents: row.additional_shipping_cents, discounts: row.discounts } : NO_POLICY;
    },

    async save(sellerId: string, policy: ShopPolicy, at: Date): Promise<void> {
      await db.query(
        `insert into shop_policies (seller_id, additional_shipping_cents, discounts, updated_at) values ($1, $2, $3::jsonb, $4)
         on conflict (seller_id) do update
           set additional_shipping_cents = excluded.additional_shipping_cents, discounts = excluded.discounts, updated_at = excluded.updated_at`,
        [sellerId, policy.additionalShippingCents, JSON.stringify(policy.discounts), at],
      );
    },
  };
}
