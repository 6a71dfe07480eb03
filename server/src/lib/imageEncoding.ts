import { badRequest } from './errors';
import { detectImage } from './imageInfo';

/** Larger pictures are refused before decoding: 40 MP is about 160 MB of pixels in memory. */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Stored images fit in this square; smaller ones keep their size. */
export const MAX_STORED_SIDE = 1600;
const WEBP_QUALITY = 82;
const ENCODE_TIMEOUT_SECONDS = 20;

export interface EncodedImage {
  bytes: Buffer;
  width: number;
  height: number;
  mime: 'image/webp';
  extension: 'webp';
}

const NOT_WHOLE = 'The image could not be read in full: the file is damaged, incomplete or not an image';

/**
 * Decodes the whole upload and keeps only its pixels: turned upright by its EXIF orientation,
 * shrunk to fit MAX_STORED_SIDE, written as WebP without any metadata (EXIF, GPS, XMP, comments).
 * Bytes after or around the picture are never stored. Throws a 400 for anything that does not
 * decode completely.
 */
export async function reencodeImage(input: Buffer): Promise<EncodedImage> {
  const format = detectImage(input);
  if (!format) throw badRequest('Only PNG, JPEG, WebP and GIF images are accepted');

  // 'error' refuses truncated and corrupt data; the stricter 'warning' would also refuse images that
  // decode completely with only a decoder warning.
  const options = { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, autoOrient: true } as const;
  // sharp (libvips) loads on the first image, not with the API.
  const { default: sharp } = await import('sharp');
  // Reading the header decodes no pixels, so the size can be checked here and named in the refusal.
  const metadata = await sharp(input, { ...options, limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  if (!metadata || metadata.format !== format || !metadata.width || !metadata.height) throw badRequest(NOT_WHOLE);
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS) {
    throw badRequest(`The image is too large: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels are accepted`);
  }

  try {
    const { data, info } = await sharp(input, options)
      .resize({ width: MAX_STORED_SIDE, height: MAX_STORED_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .timeout({ seconds: ENCODE_TIMEOUT_SECONDS })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height, mime: 'image/webp', extension: 'webp' };
  } catch (error) {
    const timedOut = error instanceof Error && error.message.startsWith('timeout');
    throw badRequest(timedOut ? 'The image took too long to process; try a smaller one' : NOT_WHOLE);
  }
}
