import type { Queryable } from '../db/db';

/** A saved book, as the favourites list shows it. */
export interface FavouriteRow {
  book_id: string;
  name: string;
  author: string;
  price_cents: number;
  img: string;
  sold: boolean;
  saved_price_cents: number;
  created_at: Date;
}

/** The most favourites one user keeps. */
export const FAVOURITES_MAX = 500;

export function favouritesRepository(db: Queryable) {
  return {
    /** A user's favourites, newest first; hidden listings leave the list until they are shown again. */
    async listFor(userId: string): Promise<FavouriteRow[]> {
      return db.query<FavouriteRow>(
        `select f.book_id, b.name, b.author, b.resale_price_cents::int as price_cents, b.img, b.sold,
           f.saved_price_cents::int as saved_price_cents, f.created_at
         from favourites f join books b on b.id = f.book_id
         where f.user_id = $1 and b.hidden_at is null and not b.seller_suspended order by f.created_at desc, f.book_id desc limit ${FAVOURITES_MAX}`,
        [userId],
      );
    },

    /** Saves the book at its price now; answers false for an unknown book, 'full' past the limit. */
    async save(userId: string, bookId: string, at: Date): Promise<boolean | 'full'> {
      const [{ count }] = await db.query<{ count: number }>('select count(*)::int as count from favourites where user_id = $1', [userId]);
      const known = await db.query('select 1 from favourites where user_id = $1 and book_id = $2', [userId, bookId]);
      if (known.length > 0) return true;
      if (count >= FAVOURITES_MAX) return 'full';
      const rows = await db.query(
        `insert into favourites (user_id, book_id, saved_price_cents, created_at)
         select $1, b.id, b.resale_price_cents, $3 from books b where b.id = $2
         on conflict do nothing returning book_id`,
        [userId, bookId, at],
      );
      if (rows.length > 0) return true;
      return (await db.query('select 1 from books where id = $1', [bookId])).length > 0;
    },

    async remove(userId: string, bookId: string): Promise<void> {
      await db.query('delete from favourites where user_id = $1 and book_id = $2', [userId, bookId]);
    },
  };
}
