import type { Queryable } from '../db/db';

/** `original` for the upload itself, `w320` and so on for its narrower copies. */
export type BlobVariant = 'original' | `w${number}`;

export interface ImageBlob {
  bytes: Buffer;
  contentType: string;
}

/** Image bytes kept in PostgreSQL (`image_blobs`, migration 010); each belongs to a row of `images`. */
export function imageBlobsRepository(db: Queryable) {
  return {
    /** Fails (unique violation) when the name is taken. */
    async insertOriginal(fileName: string, blob: ImageBlob): Promise<void> {
      await db.query(
        "insert into image_blobs (file_name, variant, content_type, bytes) values ($1, 'original', $2, $3)",
        [fileName, blob.contentType, blob.bytes],
      );
    },

    /** Keeps the first copy when two are made at once. */
    async insertVariant(fileName: string, variant: BlobVariant, blob: ImageBlob): Promise<void> {
      await db.query(
        `insert into image_blobs (file_name, variant, content_type, bytes) values ($1, $2, $3, $4)
         on conflict (file_name, variant) do nothing`,
        [fileName, variant, blob.contentType, blob.bytes],
      );
    },

    async find(fileName: string, variant: BlobVariant): Promise<ImageBlob | undefined> {
      const [row] = await db.query<{ content_type: string; bytes: Uint8Array }>(
        'select content_type, bytes from image_blobs where file_name = $1 and variant = $2',
        [fileName, variant],
      );
      if (!row) return undefined;
      const bytes = Buffer.isBuffer(row.bytes) ? row.bytes : Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength);
      return { bytes, contentType: row.content_type };
    },

    async deleteAll(fileName: string): Promise<void> {
      await db.query('delete from image_blobs where file_name = $1', [fileName]);
    },

    /** Uploads whose bytes were stored before `cutoff`. */
    async originalsBefore(cutoff: Date): Promise<string[]> {
      const rows = await db.query<{ file_name: string }>(
        "select file_name from image_blobs where variant = 'original' and created_at < $1",
        [cutoff],
      );
      return rows.map((row) => row.file_name);
    },
  };
}
