import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, HttpError, notFound } from '../lib/errors';
import { reencodeImage } from '../lib/imageEncoding';
import { CONTENT_TYPES } from '../lib/imageInfo';
import type { StoredImage } from '../lib/imageStore';
import { makeWidthVariant, VARIANT_WIDTHS, widthVariant, type VariantWidth } from '../lib/imageVariants';
import { clientHolds } from '../lib/readyAnswer';
import { ensureRoomForOneMore, storeUpload, uploadQuotaOf } from '../lib/uploads';
import { baseUrlOf } from '../lib/wire';
import { rateLimitedPerCaller } from '../plugins/config';
import { callerOf } from '../plugins/identity';
import { text } from '../schemas';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** What the multipart parser answers (413) for a file past MAX_IMAGE_BYTES. */
const FILE_TOO_LARGE = 'request file too large';
export const SEED_IMAGES_DIR = path.resolve(__dirname, '..', '..', 'seed', 'images');

/** Only names this host hands out; no slashes or dots beyond the extension, so no path traversal. */
const FILE_NAME = '^[A-Za-z0-9_-]{1,100}\\.(png|jpg|gif|webp|svg)$';

function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

const uploadAnswer = {
  type: 'object',
  required: ['data', 'success', 'status'],
  properties: {
    data: {
      type: 'object',
      properties: {
        id: { type: 'string' }, title: { type: 'string' }, url_viewer: { type: 'string' },
        url: { type: 'string' }, display_url: { type: 'string' }, width: { type: 'integer' },
        height: { type: 'integer' }, size: { type: 'integer' }, time: { type: 'integer' },
        expiration: { type: 'integer' },
        image: {
          type: 'object',
          properties: {
            filename: { type: 'string' }, name: { type: 'string' }, mime: { type: 'string' },
            extension: { type: 'string' }, url: { type: 'string' },
          },
        },
      },
    },
    success: { type: 'boolean' },
    status: { type: 'integer' },
  },
} as const;

const hasClientStatus = (error: unknown) =>
  typeof error === 'object' && error !== null && 'statusCode' in error &&
  typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500;

/** The one file of the multipart body. The parser's own errors carry no status; they are bad input. */
async function readImagePart(request: FastifyRequest): Promise<{ bytes: Buffer; fileName: string }> {
  try {
    const part = await request.file({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5 } });
    if (!part || part.fieldname !== 'image') throw badRequest('Send the image in the form field "image"');
    const bytes = await part.toBuffer(); // throws a 413 past the size limit, as a rule
    // When the limit falls exactly where a chunk of the body ends, the parser only marks the file
    // truncated and toBuffer answers the first 5 MB as if they were all of it.
    if (part.file.truncated) throw new HttpError(413, FILE_TOO_LARGE);
    return { bytes, fileName: part.filename };
  } catch (error) {
    if (hasClientStatus(error)) throw error;
    throw badRequest('The upload is not a well-formed multipart/form-data body');
  }
}

/** Strong, from the bytes: the same in every API process and whichever store holds them. */
const etagOf = (bytes: Buffer) => `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}"`;

async function seedCover(file: string): Promise<StoredImage | undefined> {
  const bytes = await readFile(path.join(SEED_IMAGES_DIR, file)).catch(() => undefined);
  return bytes && { bytes, contentType: CONTENT_TYPES[path.extname(file).slice(1)] };
}

/**
 * An imgbb-compatible image host: uploads go to the image store (`IMAGE_STORE`), seed covers ship
 * with the code. Uploading takes the host key and a signed-in seller or admin, within that
 * account's quota.
 */
export default async function imageRoutes(app: FastifyInstance) {
  const store = app.imageStore;
  const quota = uploadQuotaOf(app.config);

  app.post<{ Querystring: { key: string } }>(
    '/image-host/1/upload',
    {
      onRequest: [app.authenticate, app.requireSeller],
      // Uploads per minute per account; counted after sign-in, so one account cannot use many addresses.
      config: rateLimitedPerCaller(app.config, 'upload'),
      schema: {
        querystring: { type: 'object', required: ['key'], properties: { key: text(200, 1) } },
        response: { 200: uploadAnswer },
      },
    },
    async (request) => {
      // Like imgbb, a wrong key is a 400.
      if (!sameSecret(request.query.key, app.config.imageHostKey)) throw badRequest('Invalid API v1 key.');
      if (!request.isMultipart()) throw badRequest('Send the image as multipart/form-data');
      const owner = callerOf(request);
      await ensureRoomForOneMore(app.db, owner.id, quota);
      const part = await readImagePart(request);
      const image = await reencodeImage(part.bytes);

      const id = randomBytes(12).toString('hex');
      const fileName = `${id}.${image.extension}`;
      const createdAt = new Date();
      await storeUpload(app.db, store, { fileName, ownerId: owner.id, bytes: image.bytes, contentType: image.mime, createdAt }, quota);
      const url = `${baseUrlOf(request)}/image-host/i/${fileName}`;
      const title = path.parse(part.fileName || 'image').name.slice(0, 100);
      return {
        data: {
          id, title, url_viewer: url, url, display_url: url,
          width: image.width, height: image.height,
          size: image.bytes.length, time: Math.floor(createdAt.getTime() / 1000), expiration: 0,
          image: { filename: fileName, name: id, mime: image.mime, extension: image.extension, url },
        },
        success: true,
        status: 200,
      };
    },
  );

  app.get<{ Params: { file: string }; Querystring: { w?: VariantWidth } }>(
    '/image-host/i/:file',
    {
      schema: {
        params: { type: 'object', required: ['file'], properties: { file: { type: 'string', pattern: FILE_NAME } } },
        querystring: { type: 'object', properties: { w: { type: 'integer', enum: [...VARIANT_WIDTHS] } } },
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      const extension = path.extname(file).slice(1);
      // Uploads are never SVG (it can carry script), so SVG is served from the seed folder only.
      // Earlier uploads kept their PNG, JPEG or GIF name; new ones are always WebP.
      const upload = extension === 'svg' ? undefined : await store.read(file);
      const original = upload ?? (await seedCover(file));
      if (!original) throw notFound('No such image');
      // A narrower copy for `srcset`; SVG scales by itself and is sent as it is.
      const width = request.query.w;
      let bytes = original.bytes;
      if (width !== undefined && extension !== 'svg') {
        bytes = upload ? await widthVariant(store, file, upload.bytes, width) : await makeWidthVariant(original.bytes, width);
      }
      const etag = etagOf(bytes);
      reply
        .header('etag', etag)
        // Upload names are random and never reused; seed covers may change between releases.
        .header('cache-control', upload ? 'public, max-age=31536000, immutable' : 'public, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .header('cross-origin-resource-policy', 'cross-origin');
      if (clientHolds(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply.header('content-type', bytes === original.bytes ? original.contentType : 'image/webp').send(bytes);
    },
  );
}
