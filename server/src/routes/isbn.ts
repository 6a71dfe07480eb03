import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fetchCover, lookUpIsbn, MetadataUnavailable, type BookMetadata } from '../books/metadata';
import { badRequest, HttpError, notFound } from '../lib/errors';
import { reencodeImage } from '../lib/imageEncoding';
import { toIsbn13 } from '../lib/isbn';
import { storeUpload, uploadQuotaOf } from '../lib/uploads';
import { baseUrlOf } from '../lib/wire';
import { rateLimitedPerCaller } from '../plugins/config';
import { callerOf } from '../plugins/identity';
import { isbnLookupsRepository } from '../repositories/isbnLookups';
import { text } from '../schemas';
import { MAX_IMAGE_BYTES } from './images';

/** How long an answer is kept: what the service knows changes seldom, what it lacks may come. */
const FOUND_FOR_MS = 30 * 86_400_000;
const MISSING_FOR_MS = 86_400_000;

const str = { type: 'string' } as const;
const lookup = {
  type: 'object',
  required: ['isbn13', 'title', 'author'],
  properties: { isbn13: str, title: str, author: str, publisher: str, year: { type: 'integer' }, cover: str },
} as const;

/**
 * `GET /isbn/:isbn` (sellers): what the book-metadata service knows of an ISBN, to fill a listing
 * in. Each ISBN is asked once and kept (found, for 30 days; not found, a day). Its cover is
 * imported into the shop's own image host for the asking seller, so the listing can use it as its
 * photo (unused, the image sweep removes it like any upload).
 */
export default async function isbnRoutes(app: FastifyInstance) {
  const lookups = isbnLookupsRepository(app.db);
  const quota = uploadQuotaOf(app.config);

  /** The cover as an upload of the seller's, or nothing when it cannot be had. */
  async function importCover(request: FastifyRequest, url: string): Promise<string | undefined> {
    const service = app.config.bookMetadata;
    if (!service) return undefined;
    const bytes = await fetchCover(service, url, MAX_IMAGE_BYTES);
    if (!bytes) return undefined;
    try {
      const image = await reencodeImage(bytes);
      const fileName = `${randomBytes(12).toString('hex')}.${image.extension}`;
      await storeUpload(app.db, app.imageStore, { fileName, ownerId: callerOf(request).id, bytes: image.bytes, contentType: image.mime, createdAt: new Date() }, quota);
      return `${baseUrlOf(request)}/image-host/i/${fileName}`;
    } catch (error) {
      // Not an image, or the seller's image quota is full: the listing takes an upload instead.
      request.log.info({ err: error }, 'isbn lookup: the cover was not imported');
      return undefined;
    }
  }

  app.get<{ Params: { isbn: string } }>(
    '/isbn/:isbn',
    {
      onRequest: [app.authenticate, app.requireSeller],
      // Each lookup may cost the service two or three calls and a cover.
      config: rateLimitedPerCaller(app.config, 'isbn'),
      schema: { params: { type: 'object', required: ['isbn'], properties: { isbn: text(20, 1) } }, response: { 200: lookup } },
    },
    async (request) => {
      const isbn13 = toIsbn13(request.params.isbn);
      if (isbn13 === undefined) throw badRequest('This is not a valid ISBN-10 or ISBN-13');
      const now = app.orders.clock.now();
      const kept = await lookups.find(isbn13);
      let found: BookMetadata | null;
      if (kept && now.getTime() - new Date(kept.fetched_at).getTime() < (kept.found ? FOUND_FOR_MS : MISSING_FOR_MS)) {
        found = kept.found
          ? { title: kept.title ?? '', author: kept.author ?? '', publisher: kept.publisher, year: kept.year, coverUrl: kept.cover_url }
          : null;
      } else {
        const service = app.config.bookMetadata;
        if (!service) throw new HttpError(503, 'The book lookup is not set up here: fill in the details yourself');
        try {
          found = await lookUpIsbn(service, isbn13);
        } catch (error) {
          if (!(error instanceof MetadataUnavailable)) throw error;
          request.log.warn({ isbn: isbn13, reason: error.message }, 'isbn lookup failed');
          throw new HttpError(error.timedOut ? 504 : 502, 'The book lookup is not answering: fill in the details yourself');
        }
        await lookups.save(isbn13, found, now);
      }
      if (!found) throw notFound('Not found: fill in the details yourself');
      const cover = found.coverUrl ? await importCover(request, found.coverUrl) : undefined;
      return {
        isbn13,
        title: found.title,
        author: found.author,
        ...(found.publisher !== null && { publisher: found.publisher }),
        ...(found.year !== null && { year: found.year }),
        ...(cover !== undefined && { cover }),
      };
    },
  );
}
