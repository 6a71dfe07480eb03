import path from 'node:path';
import type { ImageStore } from './imageStore';

/** The narrower copies pages ask for in `srcset` (`?w=`): a phone downloads what it shows. */
export const VARIANT_WIDTHS = [320, 640, 960] as const;
export type VariantWidth = (typeof VARIANT_WIDTHS)[number];

/** Where the disk store keeps narrower copies: beside the uploads, never among them (the sweep reads those). */
export const variantsDirOf = (dataDir: string) => path.join(dataDir, 'image-variants');

/** A copy `width` pixels wide (never wider than the original), as WebP. */
export async function makeWidthVariant(original: Buffer, width: VariantWidth): Promise<Buffer> {
  // sharp (libvips) loads on the first image, not with the API.
  const { default: sharp } = await import('sharp');
  return sharp(original, { failOn: 'error' })
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 80 })
    .timeout({ seconds: 20 })
    .toBuffer();
}

/**
 * The copy of the stored upload `fileName` `width` pixels wide: made on first request with sharp,
 * then kept in the store, so every API process serves the same bytes.
 */
export async function widthVariant(store: ImageStore, fileName: string, original: Buffer, width: VariantWidth): Promise<Buffer> {
  const kept = await store.read(fileName, width);
  if (kept) return kept.bytes;
  const bytes = await makeWidthVariant(original, width);
  await store.saveVariant(fileName, width, bytes);
  return bytes;
}
