import { isForeignKeyViolation, type Queryable } from '../db/db';
import { imageBlobsRepository } from '../repositories/imageBlobs';
import type { ImageStore } from './imageStore';

/**
 * Uploads and their copies as rows of `image_blobs` (`IMAGE_STORE=database`): every API process on
 * the database serves every upload, with no shared folder. An upload's bytes go with its row of
 * `images` (a foreign key with cascade), so the sweep's deletion of the row removes them too.
 */
export function databaseImageStore(db: Queryable): ImageStore {
  const blobs = imageBlobsRepository(db);
  return {
    save: (fileName, image, within) => imageBlobsRepository(within ?? db).insertOriginal(fileName, image),
    read: (fileName, width) => blobs.find(fileName, width === undefined ? 'original' : `w${width}`),
    async saveVariant(fileName, width, bytes) {
      try {
        await blobs.insertVariant(fileName, `w${width}`, { bytes, contentType: 'image/webp' });
      } catch (error) {
        // The upload was removed meanwhile (the sweep): the copy is answered once and not kept.
        if (!isForeignKeyViolation(error)) throw error;
      }
    },
    remove: (fileName) => blobs.deleteAll(fileName),
    storedBefore: (cutoff) => blobs.originalsBefore(cutoff),
  };
}
