import type { Queryable } from '../db/db';

/** A saved want: an ISBN, or words with the search's filters, and a price limit. */
export interface WantRow {
  id: string;
  user_id: string;
  isbn: string | null;
  q: string | null;
  category: string | null;
  condition: string | null;
  location: string | null;
  min_price_cents: number | null;
  max_price_cents: number | null;
  created_at: Date;
}

export interface NewWant {
  id: string;
  userId: string;
  isbn: string | null;
  q: string | null;
  category: string | null;
  condition: string | null;
  location: string | null;
  minPriceCents: number | null;
  maxPriceCents: number | null;
  at: Date;
}

const COLUMNS = `id, user_id, isbn, q, category, condition, location, min_price_cents::int as min_price_cents,
  max_price_cents::int as max_price_cents, created_at`;

/** The most wants one buyer keeps. */
export const WANTS_MAX = 100;

export function wantsRepository(db: Queryable) {
  return {
    async listFor(userId: string): Promise<WantRow[]> {
      return db.query<WantRow>(`select ${COLUMNS} from wants where user_id = $1 order by created_at desc, id desc limit ${WANTS_MAX}`, [userId]);
    },

    /**
     * Saves the want unless the buyer has the same one or WANTS_MAX already. Run in a transaction:
     * the buyer's row is locked for the check, so two at once cannot both pass it. The words are
     * read as the search reads titles; words that are all stop words ("the") are no want.
     */
    async insert(want: NewWant): Promise<WantRow | 'duplicate' | 'full' | 'no-words'> {
      await db.query('select id from users where id = $1 for update', [want.userId]);
      const [{ count }] = await db.query<{ count: number }>('select count(*)::int as count from wants where user_id = $1', [want.userId]);
      if (count >= WANTS_MAX) return 'full';
      const same = await db.query(
        `select 1 from wants where user_id = $1 and isbn is not distinct from $2 and lower(q) is not distinct from lower($3)
           and category is not distinct from $4 and lower(condition) is not distinct from lower($5)
           and lower(location) is not distinct from lower($6) and min_price_cents is not distinct from $7
           and max_price_cents is not distinct from $8`,
        [want.userId, want.isbn, want.q, want.category, want.condition, want.location, want.minPriceCents, want.maxPriceCents],
      );
      if (same.length > 0) return 'duplicate';
      const rows = await db.query<WantRow>(
        `insert into wants (id, user_id, isbn, q, lexemes, category, condition, location, min_price_cents, max_price_cents, created_at)
         select $1, $2, $3, $4, case when $3::text is not null or $4::text is null then null else tsvector_to_array(to_tsvector('english', $4::text)) end,
           $5, $6, $7, $8, $9, $10
         where $3::text is not null or cardinality(tsvector_to_array(to_tsvector('english', coalesce($4::text, '')))) > 0
         returning ${COLUMNS}`,
        [want.id, want.userId, want.isbn, want.q, want.category, want.condition, want.location, want.minPriceCents, want.maxPriceCents, want.at],
      );
      return rows[0] ?? 'no-words';
    },

    async remove(userId: string, id: string): Promise<number> {
      const rows = await db.query('delete from wants where id = $1 and user_id = $2 returning id', [id, userId]);
      return rows.length;
    },
  };
}
