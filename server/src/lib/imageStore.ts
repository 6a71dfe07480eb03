import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Queryable } from '../db/db';
import { CONTENT_TYPES } from './imageInfo';
import { variantsDirOf, VARIANT_WIDTHS, type VariantWidth } from './imageVariants';

/** An image as stored: its bytes and what they are. */
export interface StoredImage {
  bytes: Buffer;
  contentType: string;
}

/**
 * Where uploaded images (and the narrower copies made of them) live. The upload route, the image
 * route and the sweep use only this, so another store (object storage such as S3) is one more
 * implementation. Every upload also has a row in `images` (owner, size, quota); the store holds
 * the bytes.
 */
export interface ImageStore {
  /**
   * Keeps a new upload under `fileName`; never replaces one (names are random, never reused).
   * Called within the transaction that records the upload's row (`within`): a store in the
   * database writes there, so the row and its bytes commit together; a failed save rolls the
   * row back. Other stores cannot join it: bytes they wrote for a row that then failed to commit
   * have no row, and the sweep removes them.
   */
  save(fileName: string, image: StoredImage, within?: Queryable): Promise<void>;
  /** The upload, or its copy `width` pixels wide; undefined when not stored. */
  read(fileName: string, width?: VariantWidth): Promise<StoredImage | undefined>;
  /** Keeps a narrower copy made from the upload; a copy made meanwhile by another request may win. */
  saveVariant(fileName: string, width: VariantWidth, bytes: Buffer): Promise<void>;
  /** Removes an upload and its copies; nothing happens when it is gone already. */
  remove(fileName: string): Promise<void>;
  /** Uploads stored before `cutoff`, whatever their rows say (the sweep removes those without a row). */
  storedBefore(cutoff: Date): Promise<string[]>;
}

/** What an upload's name looks like; anything else in the folder is left alone. */
export const UPLOAD_FILE_NAME = /^[A-Za-z0-9_-]{1,100}\.(png|jpg|gif|webp)$/;

const isMissing = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT';

async function removeFile(file: string): Promise<void> {
  await unlink(file).catch((error: unknown) => {
    if (!isMissing(error)) throw error;
  });
}

const contentTypeOf = (fileName: string) => CONTENT_TYPES[path.extname(fileName).slice(1)] ?? 'application/octet-stream';

/**
 * Uploads as files in `uploadsDir` (`DATA_DIR/images`), copies in `DATA_DIR/image-variants/w<width>/`.
 * For one process, or several sharing one folder.
 */
export function diskImageStore(uploadsDir: string, dataDir: string): ImageStore {
  const variantFile = (fileName: string, width: VariantWidth) =>
    path.join(variantsDirOf(dataDir), `w${width}`, `${path.parse(fileName).name}.webp`);
  return {
    async save(fileName, image) {
      await mkdir(uploadsDir, { recursive: true });
      await writeFile(path.join(uploadsDir, fileName), image.bytes, { flag: 'wx' });
    },
    async read(fileName, width) {
      const file = width === undefined ? path.join(uploadsDir, fileName) : variantFile(fileName, width);
      const bytes = await readFile(file).catch(() => undefined);
      if (!bytes) return undefined;
      return { bytes, contentType: width === undefined ? contentTypeOf(fileName) : 'image/webp' };
    },
    async saveVariant(fileName, width, bytes) {
      const target = variantFile(fileName, width);
      await mkdir(path.dirname(target), { recursive: true });
      // Two first requests at once each write a temporary file and rename it: no reader sees half a file.
      const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, target);
    },
    async remove(fileName) {
      await removeFile(path.join(uploadsDir, fileName));
      for (const width of VARIANT_WIDTHS) await removeFile(variantFile(fileName, width));
    },
    async storedBefore(cutoff) {
      const names = await readdir(uploadsDir).catch((error: unknown) => {
        if (isMissing(error)) return [];
        throw error;
      });
      const old: string[] = [];
      for (const name of names) {
        if (!UPLOAD_FILE_NAME.test(name)) continue;
        const info = await stat(path.join(uploadsDir, name)).catch(() => undefined);
        if (info?.isFile() && info.mtime < cutoff) old.push(name);
      }
      return old;
    },
  };
}
