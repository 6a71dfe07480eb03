import type { Queryable } from '../db/db';
import type { BookMetadata } from '../books/metadata';

export interface IsbnLookupRow {
  isbn: string;
  found: boolean;
  title: string | null;
  author: string | null;
  publisher: string | null;
  year: number | null;
  cover_url: string | null;
  fetched_at: Date;
}

export function isbnLookupsRepository(db: Queryable) {
  return {
    async find(isbn: string): Promise<IsbnLookupRow | undefined> {
      const rows = await db.query<IsbnLookupRow>('select * from isbn_lookups where isbn = $1', [isbn]);
      return rows[0];
    },

    /** Keeps what the service said (null: it does not know the ISBN). */
    async save(isbn: string, found: BookMetadata | null, at: Date): Promise<void> {
      await db.query(
        `insert into isbn_lookups (isbn, found, title, author, publisher, year, cover_url, fetched_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8)
         on conflict (isbn) do update set found = excluded.found, title = excluded.title, author = excluded.author,
           publisher = excluded.publisher, year = excluded.year, cover_url = excluded.cover_url, fetched_at = excluded.fetched_at`,
        [isbn, found !== null, found?.title ?? null, found?.author ?? null, found?.publisher ?? null, found?.year ?? null, found?.coverUrl ?? null, at],
      );
    },
  };
}
