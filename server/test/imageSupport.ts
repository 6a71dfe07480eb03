import type { FastifyInstance } from 'fastify';
import sharp, { type Sharp } from 'sharp';
import type { Actor } from './helper';

export const IMAGE_KEY = 'test-image-key';

/** A picture made from raw pixels: a colour gradient, which PNG keeps small even at 3200 × 1000. */
export function pixels(width: number, height: number): Sharp {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const offset = (y * width + x) * 3;
      raw[offset] = (x * 255) / width;
      raw[offset + 1] = (y * 255) / height;
      raw[offset + 2] = 128;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } });
}

export const pngOf = (width: number, height: number) => pixels(width, height).png().toBuffer();

/** A PNG of noise, which stays large once re-encoded (for the size quota). */
export function noisyPngOf(width: number, height: number, seed = 1): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  let state = seed;
  for (let index = 0; index < raw.length; index += 1) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    raw[index] = state >> 23;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).png().toBuffer();
}
export const jpegOf = (width: number, height: number) => pixels(width, height).jpeg().toBuffer();

export function multipart(field: string, fileName: string, bytes: Buffer, contentType = 'image/png') {
  const boundary = '----book-resale-test';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POST /image-host/1/upload as `actor` (or anonymously), with the test key unless told otherwise. */
export function upload(
  app: FastifyInstance,
  actor: Actor | undefined,
  bytes: Buffer,
  { key = IMAGE_KEY, field = 'image', fileName = 'cover.png' } = {},
) {
  const form = multipart(field, fileName, bytes);
  return app.inject({
    method: 'POST',
    url: `/image-host/1/upload?key=${key}`,
    payload: form.payload,
    headers: { ...form.headers, ...actor?.headers },
  });
}

export interface UploadAnswer {
  data: {
    id: string;
    url: string;
    width: number;
    height: number;
    size: number;
    image: { filename: string; mime: string; extension: string };
  };
}

/** Uploads and answers the stored file's name and URL; fails the test on any other status than 200. */
export async function uploaded(app: FastifyInstance, actor: Actor, bytes: Buffer): Promise<UploadAnswer['data']> {
  const response = await upload(app, actor, bytes);
  if (response.statusCode !== 200) throw new Error(`upload failed (${response.statusCode}): ${response.body}`);
  return response.json<UploadAnswer>().data;
}
