/**
 * An inventory file's rows with an ISBN and no title are filled in from the book-metadata service
 * (its local stand-in here), the cover imported into the seller's images as `GET /isbn/:isbn`
 * does; an ISBN the service does not know is a row error.
 */
import { parse } from 'csv-parse/sync';
import { startBookMetadataSandbox, type BookMetadataSandbox } from '../../sandbox/openlibrary/server';
import { buildTestApp, signUp, type Actor, type TestApp } from './helper';
import { uploadInventory } from './inventorySupport';

let sandbox: BookMetadataSandbox;
let t: TestApp;
let seller: Actor;
beforeAll(async () => {
  sandbox = await startBookMetadataSandbox({ port: 0 });
  t = await buildTestApp({ bookMetadata: { baseUrl: sandbox.url, coversUrl: sandbox.url, timeoutMs: 3_000 } });
  seller = await signUp(t.app, 'isbn-dealer@test.dev', 'seller');
  await t.app.inject({ method: 'PUT', url: '/inventory/defaults', headers: seller.headers, payload: { phone: '1', location: 'Mesa', delivery: null, category: null } });
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});

it('fills a row in from its ISBN with the title, the author and the cover, and names the ISBN nobody knows', async () => {
  const posted = await uploadInventory(t.app, seller, 'sku,isbn,condition,price\nI-1,0-06-112008-1,Good,6\nI-2,9780141439518,Good,5\nI-3,9780000000019,Good,5\n');
  expect(posted.statusCode).toBe(202);
  const id = posted.json<{ id: string }>().id;
  await t.app.inventoryImports.run();
  expect((await t.app.inject({ url: `/inventory/imports/${id}`, headers: seller.headers })).json()).toMatchObject({ state: 'checked', counts: { new: 2, invalid: 1 } });
  expect((await t.app.inject({ url: `/inventory/imports/${id}/errors`, headers: seller.headers })).json()).toEqual([
    { row: 4, column: 'title', message: 'No title, and the book lookup does not know this ISBN: give the title' },
  ]);
  await t.app.inject({ method: 'POST', url: `/inventory/imports/${id}/apply`, headers: seller.headers });
  await t.app.inventoryImports.run();

  const rows = parse((await t.app.inject({ url: '/inventory.csv', headers: seller.headers })).body, { bom: true, columns: true }) as Record<string, string>[];
  expect(rows.map((row) => [row.sku, row.isbn, row.title, row.author])).toEqual([
    ['I-1', '9780061120084', 'To Kill a Mockingbird', 'Harper Lee'],
    ['I-2', '9780141439518', 'Pride and Prejudice', 'Jane Austen'],
  ]);
  const products = (await t.app.inject({ url: '/products', headers: seller.headers })).json<{ name: string; image: string }[]>();
  const cover = products.find((product) => product.name === 'To Kill a Mockingbird')?.image ?? '';
  expect(cover).toMatch(/^http:\/\/[^/]+\/image-host\/i\/[0-9a-f]{24}\.webp$/);
  const image = await t.app.inject({ url: new URL(cover).pathname });
  expect(image.headers['content-type']).toBe('image/webp');
  // The cover is the seller's upload: their quota counts it.
  const [owned] = await t.testDb.db.query<{ count: number }>('select count(*)::int as count from images where owner_id = $1', [seller.id]);
  expect(owned.count).toBeGreaterThanOrEqual(1);
});
