import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { addProduct, bookingOf, buildTestApp, signUp, type Actor, type TestApp } from './helper';
import { IMAGE_KEY, pngOf, uploaded } from './imageSupport';

const HOUR_MS = 60 * 60 * 1000;
const hoursFromNow = (hours: number) => new Date(Date.now() + hours * HOUR_MS);

let t: TestApp;
let seller: Actor;
let buyer: Actor;
beforeAll(async () => {
  t = await buildTestApp({ imageHostKey: IMAGE_KEY }); // grace: the default 24 hours
  seller = await signUp(t.app, 'sweep-seller@test.dev', 'seller');
  buyer = await signUp(t.app, 'sweep-buyer@test.dev', 'Buyer');
});
afterAll(() => t.close());

const uploadsDir = () => path.join(t.dataDir, 'images');
const storedFiles = async () => readdir(uploadsDir()).catch(() => [] as string[]);
const served = async (url: string) => (await t.app.inject({ url: new URL(url).pathname })).statusCode;
async function recorded(fileName: string): Promise<boolean> {
  return (await t.testDb.db.query('select 1 from images where file_name = $1', [fileName])).length > 0;
}

describe('removal of uploads no listing uses', () => {
  it('keeps an unused upload younger than the grace period', async () => {
    const image = await uploaded(t.app, seller, await pngOf(3, 2));
    expect(await t.app.sweepImages(hoursFromNow(23))).not.toContain(image.image.filename);
    expect(await served(image.url)).toBe(200);
    expect(await recorded(image.image.filename)).toBe(true);
  });

  it('removes an unused upload older than the grace period: its file and its record', async () => {
    const image = await uploaded(t.app, seller, await pngOf(3, 2));
    expect(await storedFiles()).toContain(image.image.filename);

    expect(await t.app.sweepImages(hoursFromNow(25))).toContain(image.image.filename);
    expect(await storedFiles()).not.toContain(image.image.filename);
    expect(await recorded(image.image.filename)).toBe(false);
    expect(await served(image.url)).toBe(404);
  });

  it('never removes an upload a book or a booking uses, however old', async () => {
    const onBook = await uploaded(t.app, seller, await pngOf(3, 2));
    await addProduct(t.app, seller, { image: onBook.url });
    // A query string or another host in front does not hide the use.
    const withQuery = await uploaded(t.app, seller, await pngOf(3, 2));
    await addProduct(t.app, seller, { image: `https://cdn.example/image-host/i/${withQuery.image.filename}?v=2` });
    // Only a booking refers to this one (its book's image was changed afterwards).
    const onBooking = await uploaded(t.app, seller, await pngOf(3, 2));
    const bookId = await addProduct(t.app, seller, { image: onBooking.url });
    await bookingOf(t.app, buyer, bookId);
    await t.testDb.db.query("update books set img = 'https://images.example/other.png' where id = $1", [bookId]);

    const removed = await t.app.sweepImages(hoursFromNow(24 * 365));
    for (const image of [onBook, withQuery, onBooking]) {
      expect(removed).not.toContain(image.image.filename);
      expect(await storedFiles()).toContain(image.image.filename);
      expect(await served(image.url)).toBe(200);
    }
  });

  it('keeps the cover an inventory import brought until the import is done with, however long the seller waits to apply it', async () => {
    const cover = await uploaded(t.app, seller, await pngOf(3, 2));
    const now = new Date();
    await t.testDb.db.query(
      `insert into inventory_imports (id, seller_id, state, base_url, row_count, total, created_at, updated_at)
       values ('sweep-import', $1, 'checked', 'http://127.0.0.1', 1, 1, $2, $2)`,
      [seller.id, now],
    );
    await t.testDb.db.query(`insert into inventory_import_covers (import_id, isbn, img) values ('sweep-import', '9780141439518', $1)`, [cover.url]);
    expect(await t.app.sweepImages(hoursFromNow(24 * 30))).not.toContain(cover.image.filename);
    expect(await served(cover.url)).toBe(200);

    // Discarded, its cover is an upload like any other nobody uses.
    await t.testDb.db.query(`update inventory_imports set state = 'discarded' where id = 'sweep-import'`);
    expect(await t.app.sweepImages(hoursFromNow(24 * 30))).toContain(cover.image.filename);
    expect(await served(cover.url)).toBe(404);
  });

  it('removes an upload once the product using it is deleted and the grace period is over', async () => {
    const image = await uploaded(t.app, seller, await pngOf(3, 2));
    const productId = await addProduct(t.app, seller, { image: image.url });
    expect(await t.app.sweepImages(hoursFromNow(48))).not.toContain(image.image.filename);

    const deleted = await t.app.inject({ method: 'DELETE', url: `/products/${productId}`, headers: seller.headers });
    expect(deleted.statusCode).toBe(200);
    expect(await t.app.sweepImages(hoursFromNow(48))).toContain(image.image.filename);
    expect(await served(image.url)).toBe(404);
  });

  it('removes old files without a record (earlier uploads) unless a listing uses them', async () => {
    const stray = 'aaaaaaaaaaaaaaaaaaaaaaaa.png';
    const used = 'bbbbbbbbbbbbbbbbbbbbbbbb.png';
    const notAnUpload = 'notes.txt';
    for (const name of [stray, used, notAnUpload]) await writeFile(path.join(uploadsDir(), name), await pngOf(3, 2));
    await addProduct(t.app, seller, { image: `http://localhost/image-host/i/${used}` });

    expect(await t.app.sweepImages(hoursFromNow(1))).not.toContain(stray); // written just now
    const removed = await t.app.sweepImages(hoursFromNow(25));
    expect(removed).toContain(stray);
    expect(removed).not.toContain(used);
    const left = await storedFiles();
    expect(left).not.toContain(stray);
    expect(left).toEqual(expect.arrayContaining([used, notAnUpload]));
  });
});
