import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

/** The narrower copies pages ask for in `srcset` (`?w=`): a phone downloads what it shows. */
export const VARIANT_WIDTHS = [320, 640, 960] as const;
export type VariantWidth = (typeof VARIANT_WIDTHS)[number];

/** Where narrower copies are kept: beside the uploads, never among them (the sweep reads those). */
export const variantsDirOf = (dataDir: string) => path.join(dataDir, 'image-variants');

/**
 * A copy of a stored upload `width` pixels wide (never wider than the upload), as WebP: made on
 * first request with sharp, then kept. Two first requests at once each write a temporary file and
 * rename it, so a reader never sees half a file.
 */
export async function widthVariant(original: Buffer, file: string, width: VariantWidth, dataDir: string): Promise<Buffer> {
  const directory = path.join(variantsDirOf(dataDir), `w${width}`);
  const target = path.join(directory, `${path.parse(file).name}.webp`);
  const kept = await readFile(target).catch(() => undefined);
  if (kept) return kept;
  const bytes = await sharp(original, { failOn: 'error' })
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 80 })
    .timeout({ seconds: 20 })
    .toBuffer();
  await mkdir(directory, { recursive: true });
  const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temporary, bytes);
  await rename(temporary, target);
  return bytes;
}
