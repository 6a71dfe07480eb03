import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../lib/errors';
import { CONTENT_TYPES, detectImage } from '../lib/imageInfo';
import { baseUrlOf } from '../lib/wire';
import { rateLimited } from '../plugins/config';
import { text } from '../schemas';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
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

/** An imgbb-compatible image host: uploads go to `DATA_DIR/images`, seed covers ship with the code. */
export default async function imageRoutes(app: FastifyInstance) {
  const uploadsDir = path.join(app.config.dataDir, 'images');

  app.post<{ Querystring: { key: string } }>(
    '/image-host/1/upload',
    {
      config: rateLimited(app.config),
      schema: {
        querystring: { type: 'object', required: ['key'], properties: { key: text(200, 1) } },
        response: { 200: uploadAnswer },
      },
    },
    async (request) => {
      // Like imgbb, a wrong key is a 400.
      if (!sameSecret(request.query.key, app.config.imageHostKey)) throw badRequest('Invalid API v1 key.');
      if (!request.isMultipart()) throw badRequest('Send the image as multipart/form-data');
      const part = await request.file({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5 } });
      if (!part || part.fieldname !== 'image') throw badRequest('Send the image in the form field "image"');
      const bytes = await part.toBuffer(); // throws a 413 past the size limit
      const info = detectImage(bytes);
      if (!info) throw badRequest('Only PNG, JPEG, WebP and GIF images are accepted');

      const id = randomBytes(12).toString('hex');
      const fileName = `${id}.${info.extension}`;
      await mkdir(uploadsDir, { recursive: true });
      await writeFile(path.join(uploadsDir, fileName), bytes, { flag: 'wx' });
      const url = `${baseUrlOf(request)}/image-host/i/${fileName}`;
      const title = path.parse(part.filename || 'image').name.slice(0, 100);
      return {
        data: {
          id, title, url_viewer: url, url, display_url: url,
          width: info.width, height: info.height,
          size: bytes.length, time: Math.floor(Date.now() / 1000), expiration: 0,
          image: { filename: fileName, name: id, mime: info.mime, extension: info.extension, url },
        },
        success: true,
        status: 200,
      };
    },
  );

  app.get<{ Params: { file: string } }>(
    '/image-host/i/:file',
    {
      schema: {
        params: { type: 'object', required: ['file'], properties: { file: { type: 'string', pattern: FILE_NAME } } },
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      const extension = path.extname(file).slice(1);
      // Uploads are never SVG (it can carry script), so SVG is served from the seed folder only.
      const candidates = extension === 'svg' ? [SEED_IMAGES_DIR] : [uploadsDir, SEED_IMAGES_DIR];
      for (const directory of candidates) {
        const bytes = await readFile(path.join(directory, file)).catch(() => undefined);
        if (!bytes) continue;
        const isUpload = directory === uploadsDir;
        return reply
          .header('content-type', CONTENT_TYPES[extension])
          // Upload names are random and never reused; seed covers may change between releases.
          .header('cache-control', isUpload ? 'public, max-age=31536000, immutable' : 'public, max-age=86400')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
          .header('cross-origin-resource-policy', 'cross-origin')
          .send(bytes);
      }
      throw notFound('No such image');
    },
  );
}
