import type { Queryable } from '../db/db';
import { LISTED } from './books';
import { scoreCounts, type ScoreRow } from './scores';

/** What a seller's public page shows about them, their score included. */
export interface SellerProfile extends ScoreRow {
  id: string;
  name: string;
  /** Verified by an admin (role admin), or the shop itself. */
  verified: boolean;
  /** When the account was made, as an ISO date. */
  member_since: string;
  books_sold: number;
  /** Listed books: hidden ones are not for sale to anyone. */
  books_for_sale: number;
}

export function sellersRepository(db: Queryable) {
  return {
    /** A seller's public profile; undefined for an unknown id or a user who does not sell. */
    async findProfile(id: string): Promise<SellerProfile | undefined> {
      const rows = await db.query<SellerProfile>(
        `select u.id, u.name, (u.role = 'admin' or u.system_account) as verified,
                to_char(u.created_at, 'YYYY-MM-DD') as member_since,
                (select count(*)::int from books b where b.seller_id = u.id and b.sold) as books_sold,
                (select count(*)::int from books b where b.seller_id = u.id and ${LISTED.join(' and ')}) as books_for_sale,
                ${scoreCounts('u.id', 'seller')}
         from users u
         where u.id = $1 and u.role in ('seller', 'admin')`,
        [id],
      );
      return rows[0];
    },
  };
}
