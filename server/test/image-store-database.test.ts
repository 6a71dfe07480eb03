import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { buildApp } from '../src/app';
import { buildTestApp, signUp, type Actor, type TestApp } from './helper';
import { IMAGE_KEY, pngOf, upload, uploaded } from './imageSupport';

const HOUR_MS = 60 * 60 * 1000;

let t: TestApp;
let seller: Actor;
beforeAll(async () => {
  t = await buildTestApp({ imageHostKey: IMAGE_KEY, imageStore: 'database' });
  seller = await signUp(t.app, 'db-images-seller@test.dev', 'seller');
});
afterAll(() => t.close());

const pathOf = (url: string) => new URL(url).pathname;
const blobsOf = (fileName: string) =>
  t.testDb.db.query<{ variant: string; content_type: string; size: number }>(
    'select variant, content_type, octet_length(bytes) as size from image_blobs where file_name = $1 order by variant',
    [fileName],
  );
const folder = (name: string) => readdir(path.join(t.dataDir, name)).catch(() => [] as string[]);

describe('images in the database (IMAGE_STORE=database)', () => {
  it('still serves what an earlier disk store kept, once the shop moved to the database', async () => {
    const onDisk = await buildTestApp({ imageHostKey: IMAGE_KEY, imageStore: 'disk' });
    try {
      const owner = await signUp(onDisk.app, 'disk-seller@test.dev', 'seller');
      const image = await uploaded(onDisk.app, owner, await pngOf(24, 24));
      const moved = await buildApp({ ...onDisk.options, db: onDisk.testDb.db, seed: false, config: { ...onDisk.options.config, imageStore: 'database' } });
      try {
        const served = await moved.inject({ url: pathOf(image.url) });
        expect(served.statusCode).toBe(200);
        expect(served.rawPayload.length).toBe(image.size);
        expect((await moved.inject({ url: `${pathOf(image.url)}?w=320` })).statusCode).toBe(200);
      } finally {
        await moved.close();
      }
    } finally {
      await onDisk.close();
    }
  });

  it('stores an upload in image_blobs, not on disk, and serves it with its caching headers and ETag', async () => {
    const image = await uploaded(t.app, seller, await pngOf(40, 30));
    expect(await blobsOf(image.image.filename)).toEqual([{ variant: 'original', content_type: 'image/webp', size: image.size }]);
    expect(await folder('images')).toEqual([]);

    const served = await t.app.inject({ url: pathOf(image.url) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.length).toBe(image.size);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(40);
    const etag = served.headers.etag;
    expect(etag).toMatch(/^"[\w-]+"$/);

    const again = await t.app.inject({ url: pathOf(image.url), headers: { 'if-none-match': String(etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
  });

  it('keeps a narrower copy in the database once made, and serves it from there', async () => {
    const image = await uploaded(t.app, seller, await pngOf(1200, 900));
    const narrow = await t.app.inject({ url: `${pathOf(image.url)}?w=320` });
    expect(narrow.statusCode).toBe(200);
    expect(narrow.headers['content-type']).toBe('image/webp');
    expect(await sharp(narrow.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 320, height: 240 });
    expect((await blobsOf(image.image.filename)).map((blob) => blob.variant)).toEqual(['original', 'w320']);
    expect(await folder('image-variants')).toEqual([]);

    const kept = await t.app.inject({ url: `${pathOf(image.url)}?w=320` });
    expect(kept.rawPayload.equals(narrow.rawPayload)).toBe(true);
    expect(kept.headers.etag).toBe(narrow.headers.etag);
    expect(kept.headers.etag).not.toBe((await t.app.inject({ url: pathOf(image.url) })).headers.etag);
  });

  it('serves an upload to another API process with its own empty data folder', async () => {
    const image = await uploaded(t.app, seller, await pngOf(20, 10));
    const otherDataDir = await mkdtemp(path.join(tmpdir(), 'book-resale-other-'));
    const db = await t.testDb.connectAgain();
    const other = await buildApp({ ...t.options, db, seed: false, config: { ...t.options.config, dataDir: otherDataDir } });
    try {
      const served = await other.inject({ url: pathOf(image.url) });
      expect(served.statusCode).toBe(200);
      expect(served.headers.etag).toBe((await t.app.inject({ url: pathOf(image.url) })).headers.etag);
    } finally {
      await other.close();
      await db.close();
      await rm(otherDataDir, { recursive: true, force: true });
    }
  });

  it('still serves the seed covers from the code, and 404 for an unknown upload', async () => {
    const cover = await t.app.inject({ url: '/image-host/i/category-fiction.svg' });
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toBe('image/svg+xml');
    expect(cover.headers['cache-control']).toBe('public, max-age=86400');
    expect((await t.app.inject({ url: `/image-host/i/${'c'.repeat(24)}.webp` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/image-host/i/${'c'.repeat(24)}.webp?w=640` })).statusCode).toBe(404);
  });

  it('records nothing when the bytes cannot be stored: the row and its bytes commit together', async () => {
    const countRows = async () =>
      (await t.testDb.db.query<{ rows: number }>('select (select count(*) from images)::integer + (select count(*) from image_blobs)::integer as rows'))[0].rows;
    const before = await countRows();
    const save = jest.spyOn(t.app.imageStore, 'save').mockRejectedValueOnce(new Error('the store refused'));
    try {
      const response = await upload(t.app, seller, await pngOf(30, 20));
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ message: expect.any(String) });
      expect(response.body).not.toContain('the store refused');
    } finally {
      save.mockRestore();
    }
    expect(await countRows()).toBe(before);
    // The place in the quota was given back with the row: the next upload goes through.
    expect((await upload(t.app, seller, await pngOf(30, 20))).statusCode).toBe(200);
  });

  it('removes an unused upload and its copies from the database once the grace period is over', async () => {
    const image = await uploaded(t.app, seller, await pngOf(800, 600));
    await t.app.inject({ url: `${pathOf(image.url)}?w=640` });
    expect(await blobsOf(image.image.filename)).toHaveLength(2);

    expect(await t.app.sweepImages(new Date(Date.now() + 25 * HOUR_MS))).toContain(image.image.filename);
    expect(await blobsOf(image.image.filename)).toEqual([]);
    expect((await t.app.inject({ url: pathOf(image.url) })).statusCode).toBe(404);
  });
});
