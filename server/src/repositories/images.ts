import type { Queryable } from '../db/db';

export interface NewImage {
  fileName: string;
  ownerId: string;
  bytes: number;
  createdAt: Date;
}

export interface ImageUsage {
  images: number;
  bytes: number;
}

/** Any fixed number: with the owner's id, serialises the quota check of one account's uploads. */
const UPLOAD_LOCK_CLASS = 720_452;

/**
 * The name stem (file name without extension) of every upload a book or a booking refers to, or
 * an inventory import still on its way to listing (a cover it imported for a row: the row becomes
 * a book only when the seller applies the file, which may be days later). Every
 * `/image-host/i/<stem>` in a URL counts, whatever the host, query or fragment around it, so a
 * file a listing links to is never taken for unused.
 */
const STEMS_IN_USE = `
  select (regexp_matches(img, '/image-host/i/([A-Za-z0-9_-]+)', 'g'))[1] as stem from books
  union
  select (regexp_matches(img, '/image-host/i/([A-Za-z0-9_-]+)', 'g'))[1] from bookings
  union
  select (regexp_matches(c.img, '/image-host/i/([A-Za-z0-9_-]+)', 'g'))[1]
  from inventory_import_covers c join inventory_imports i on i.id = c.import_id
  where i.state in ('checking', 'checked', 'applying')`;

export function imagesRepository(db: Queryable) {
  return {
    /** Within a transaction: holds back other uploads of this owner until it ends. */
    async lockOwner(ownerId: string): Promise<void> {
      await db.query('select pg_advisory_xact_lock($1, hashtext($2))', [UPLOAD_LOCK_CLASS, ownerId]);
    },

    async usageOf(ownerId: string): Promise<ImageUsage> {
      const [row] = await db.query<{ images: number; bytes: number }>(
        `select count(*)::integer as images, coalesce(sum(bytes), 0)::float8 as bytes
         from images where owner_id = $1`,
        [ownerId],
      );
      return { images: row.images, bytes: row.bytes };
    },

    async insert(image: NewImage): Promise<void> {
      await db.query('insert into images (file_name, owner_id, bytes, created_at) values ($1, $2, $3, $4)', [
        image.fileName, image.ownerId, image.bytes, image.createdAt,
      ]);
    },

    async delete(fileName: string): Promise<void> {
      await db.query('delete from images where file_name = $1', [fileName]);
    },

    /** Deletes the rows of uploads made before `cutoff` that no listing uses; answers their file names. */
    async deleteUnusedBefore(cutoff: Date): Promise<string[]> {
      const rows = await db.query<{ file_name: string }>(
        `with used as (${STEMS_IN_USE})
         delete from images i
         where i.created_at < $1
           and not exists (select 1 from used where used.stem = split_part(i.file_name, '.', 1))
         returning i.file_name`,
        [cutoff],
      );
      return rows.map((row) => row.file_name);
    },

    /** Of these file names, those with no row and no listing using them. */
    async untrackedAndUnused(fileNames: string[]): Promise<string[]> {
      if (fileNames.length === 0) return [];
      const rows = await db.query<{ file_name: string }>(
        `with used as (${STEMS_IN_USE})
         select f.file_name from unnest($1::text[]) as f (file_name)
         where not exists (select 1 from images i where i.file_name = f.file_name)
           and not exists (select 1 from used where used.stem = split_part(f.file_name, '.', 1))`,
        [fileNames],
      );
      return rows.map((row) => row.file_name);
    },
  };
}
