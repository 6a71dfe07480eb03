/**
 * Inventory files in (`POST /inventory/imports`): a file is read and refused at once when it is
 * not an inventory, checked row by row, then applied, each row once and by SKU.
 */
import type { AddressInfo } from 'node:net';
import { parse } from 'csv-parse/sync';
import { addProduct, bookingOf, buildTestApp, pay, signUp, type Actor, type TestApp } from './helper';
import { uploadInventory } from './inventorySupport';
import { notificationsOf, openStream } from './orderSupport';

let t: TestApp;
let seller: Actor;
let other: Actor;
let buyer: Actor;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  seller = await signUp(t.app, 'dealer@test.dev', 'seller');
  other = await signUp(t.app, 'other-dealer@test.dev', 'seller');
  buyer = await signUp(t.app, 'reader@test.dev', 'Buyer');
  for (const actor of [seller, other]) {
    const saved = await t.app.inject({
      method: 'PUT', url: '/inventory/defaults', headers: actor.headers,
      payload: { phone: '+1 555 0199', location: 'Tucson', delivery: 'meetup', category: 'fiction' },
    });
    expect(saved.statusCode).toBe(200);
  }
});
afterAll(() => t.close());

interface WireImport {
  id: string;
  state: string;
  rows: number;
  counts: Record<'new' | 'updated' | 'unchanged' | 'withdrawn' | 'invalid', number>;
  progress: { done: number; total: number };
  appliedAt?: string;
}

const upload = (actor: Actor, file: Buffer | string, fields: Record<string, string> = {}) => uploadInventory(t.app, actor, file, fields);

const get = async (actor: Actor, id: string) => (await t.app.inject({ url: `/inventory/imports/${id}`, headers: actor.headers })).json<WireImport>();
const errorsOf = async (actor: Actor, id: string) =>
  (await t.app.inject({ url: `/inventory/imports/${id}/errors`, headers: actor.headers })).json<{ row: number; column: string; message: string }[]>();

/** Uploads a file and runs the check; answers the checked import. */
async function checked(actor: Actor, file: Buffer | string, fields: Record<string, string> = {}): Promise<WireImport> {
  const response = await upload(actor, file, fields);
  expect(response.statusCode).toBe(202);
  expect(response.json()).toMatchObject({ state: 'checking' });
  await t.app.inventoryImports.run();
  return get(actor, response.json<WireImport>().id);
}

async function applied(actor: Actor, id: string): Promise<WireImport> {
  const response = await t.app.inject({ method: 'POST', url: `/inventory/imports/${id}/apply`, headers: actor.headers });
  expect(response.statusCode).toBe(202);
  await t.app.inventoryImports.run();
  return get(actor, id);
}

const exported = async (actor: Actor) =>
  parse((await t.app.inject({ url: '/inventory.csv', headers: actor.headers })).body, { bom: true, columns: true }) as Record<string, string>[];

const header = 'sku,isbn,title,author,category,condition,price,original_price,location,delivery,shipping_price,description,action';

describe('an inventory file', () => {
  it('is checked with counts and row errors, changes nothing until applied, then lists each copy once', async () => {
    const want = await t.app.inject({ method: 'POST', url: '/wants', headers: buyer.headers, payload: { q: 'Wuthering Heights' } });
    expect(want.statusCode).toBe(200);
    const file = [
      'SKU\tTitle\tAuthor\tPrice\tCondition\tDescription  ',
      'A-1\tWuthering Heights\tEmily Brontë\t6.50\tGood\tA clean copy  ',
      'A-2\tJane Eyre\tCharlotte Brontë\t$1,204.5\tvery good\t"Signed, with ""notes""\tand a tab"',
      '',
      'A-3\tVillette\tCharlotte Brontë\tcheap\tMint\t',
      'A-1\tWuthering Heights again\tEmily Brontë\t7\tGood\t',
      'A-4\t\t\t5\tFair\t',
    ].join('\r\n');
    const check = await checked(seller, file);
    expect(check).toMatchObject({ state: 'checked', rows: 5, counts: { new: 2, updated: 0, unchanged: 0, withdrawn: 0, invalid: 3 }, progress: { done: 5, total: 5 } });
    expect(await errorsOf(seller, check.id)).toEqual([
      { row: 5, column: 'condition', message: 'Unknown condition "Mint": use Excillent, Good, Fair' },
      { row: 5, column: 'price', message: '"cheap" is not a price in dollars, like 12 or 12.50' },
      { row: 6, column: 'sku', message: 'The SKU "A-1" is also on row 2' },
      { row: 7, column: 'title', message: 'A row needs a title or an ISBN' },
    ]);
    const csv = await t.app.inject({ url: `/inventory/imports/${check.id}/errors?format=csv`, headers: seller.headers });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(parse(csv.body, { bom: true, columns: true })).toContainEqual({ row: '6', column: 'sku', message: 'The SKU "A-1" is also on row 2' });
    expect(await exported(seller)).toEqual([]);

    const done = await applied(seller, check.id);
    expect(done).toMatchObject({ state: 'applied', counts: { new: 2, invalid: 3 }, progress: { done: 2, total: 2 } });
    expect(done.appliedAt).toEqual(expect.any(String));
    const rows = await exported(seller);
    expect(rows.map((row) => [row.sku, row.title, row.price, row.condition, row.category, row.location, row.description])).toEqual([
      ['A-1', 'Wuthering Heights', '6.50', 'Good', 'fiction', 'Tucson', 'A clean copy'],
      ['A-2', 'Jane Eyre', '1204.50', 'Good', 'fiction', 'Tucson', 'Signed, with "notes"\tand a tab'],
    ]);
    const found = await t.app.inject({ url: '/books/search', query: { q: 'wuthering' } });
    expect(found.json<{ items: { name: string; img: string }[] }>().items).toEqual([expect.objectContaining({ name: 'Wuthering Heights', img: expect.stringMatching(/\/image-host\/i\/no-cover\.svg$/) })]);
    expect((await notificationsOf(t.app, buyer)).filter((n) => n.kind === 'want_listed')).toHaveLength(1);

    // The same file again changes nothing, and tells nobody twice.
    const again = await checked(seller, file);
    expect(again.counts).toEqual({ new: 0, updated: 0, unchanged: 2, withdrawn: 0, invalid: 3 });
    await applied(seller, again.id);
    expect(await exported(seller)).toEqual(rows);
    expect((await notificationsOf(t.app, buyer)).filter((n) => n.kind === 'want_listed')).toHaveLength(1);
  });

  it('exported and imported again changes nothing; a changed price updates the copy', async () => {
    await addProduct(t.app, other, { name: 'Middlemarch', author: 'George Eliot', isbn: '9780141439549', price: 7.5, description: 'Spine "uncreased",\nwith a note', delivery: { meetup: true, shipping: true, shippingPrice: 3.99 } });
    await addProduct(t.app, other, { name: '=HYPERLINK("http://evil.test")', author: '@author' });
    const file = (await t.app.inject({ url: '/inventory.csv', headers: other.headers })).body;
    const same = await checked(other, file);
    expect(same.counts).toEqual({ new: 0, updated: 0, unchanged: 2, withdrawn: 0, invalid: 0 });
    await t.app.inject({ method: 'DELETE', url: `/inventory/imports/${same.id}`, headers: other.headers });

    const cheaper = file.replace(',7.50,', ',6.00,');
    const update = await checked(other, cheaper);
    expect(update.counts).toMatchObject({ updated: 1, unchanged: 1 });
    await applied(other, update.id);
    expect((await exported(other)).map((row) => row.price)).toEqual(['6.00', '12.50']);
  });

  it('never changes a booked or sold copy, says why on its row, and withdraws what a replacement lacks', async () => {
    const dealer = await signUp(t.app, 'replacing-dealer@test.dev', 'seller');
    await t.app.inject({ method: 'PUT', url: '/inventory/defaults', headers: dealer.headers, payload: { phone: '1', location: 'Mesa', delivery: null, category: null } });
    const first = await checked(dealer, [header, 'K-1,,Kept,,,Good,5,,,,,,', 'K-2,,Booked,,,Good,5,,,,,,', 'K-3,,Sold,,,Good,5,,,,,,', 'K-4,,Dropped,,,Good,5,,,,,,'].join('\n'));
    await applied(dealer, first.id);
    const ids = Object.fromEntries((await exported(dealer)).map((row) => [row.title, row.sku]));
    const copies = await t.app.inject({ url: '/products', headers: dealer.headers });
    const idOf = (name: string) => copies.json<{ _id: string; name: string }[]>().find((copy) => copy.name === name)?._id ?? '';
    await bookingOf(t.app, buyer, idOf('Booked'));
    const paid = await pay(t.app, t.stripe, buyer, await bookingOf(t.app, buyer, idOf('Sold')));
    expect(paid.response.statusCode).toBe(200);
    expect(ids).toMatchObject({ Kept: 'K-1' });

    const replacement = await checked(dealer, [header, 'K-1,,Kept,,,Good,5,,,,,,', 'K-2,,Booked,,,Good,4,,,,,,', 'K-3,,Sold,,,Good,5,,,,,,delete'].join('\n'), { replace: 'true' });
    expect(replacement.counts).toEqual({ new: 0, updated: 0, unchanged: 1, withdrawn: 1, invalid: 2 });
    expect(await errorsOf(dealer, replacement.id)).toEqual([
      { row: 3, column: '', message: 'This copy is booked: a file does not change it while the booking is open' },
      { row: 4, column: 'action', message: 'This copy is sold: a file does not change it' },
    ]);
    await applied(dealer, replacement.id);
    expect((await exported(dealer)).map((row) => [row.sku, row.price])).toEqual([['K-1', '5.00'], ['K-2', '5.00']]);
  });

  it('announces its progress on the seller\'s event stream', async () => {
    const baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const dealer = await signUp(t.app, 'streaming-dealer@test.dev', 'seller');
    await t.app.inject({ method: 'PUT', url: '/inventory/defaults', headers: dealer.headers, payload: { phone: '1', location: 'Mesa', delivery: null, category: null } });
    const stream = openStream(baseUrl, dealer.headers);
    try {
      await stream.opened;
      const check = await checked(dealer, `${header}\nS-1,,Streamed,,,Good,5,,,,,,\n`);
      const events = await stream.waitFor(3);
      expect(events.map((event) => [event.event, event.id])).toEqual([['import', undefined], ['import', undefined], ['import', undefined]]);
      expect(events.map((event) => JSON.parse(event.data) as WireImport)).toEqual([
        expect.objectContaining({ id: check.id, state: 'checking', rows: 1, progress: { done: 0, total: 1 } }),
        expect.objectContaining({ id: check.id, state: 'checking', progress: { done: 1, total: 1 }, counts: expect.objectContaining({ new: 1 }) }),
        expect.objectContaining({ id: check.id, state: 'checked' }),
      ]);
    } finally {
      stream.close();
    }
  });
});

describe('a file that is not an inventory', () => {
  it('is refused with what is wrong, and stores nothing', async () => {
    const before = (await t.app.inject({ url: '/inventory/imports', headers: other.headers })).json<unknown[]>().length;
    const refused = async (file: Buffer | string) => {
      const response = await upload(other, file);
      return { status: response.statusCode, message: response.json<{ message: string }>().message };
    };
    expect(await refused(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]))).toEqual({
      status: 400, message: 'This is not a CSV or tab-separated text file: save the inventory as CSV (UTF-8) and upload it again',
    });
    expect(await refused('sku,title,condition\nA,B,Good\n')).toEqual({ status: 400, message: 'The file has no column "price": every row needs one' });
    expect(await refused('name,colour\nA,B\n')).toMatchObject({ status: 400, message: expect.stringMatching(/^This is not an inventory file/) });
    expect(await refused(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('sku,price', 'utf16le')]))).toMatchObject({ status: 400, message: expect.stringMatching(/UTF-16/) });
    expect(await refused('sku,title,condition,price\n"A,B,Good,5\n')).toMatchObject({ status: 400, message: expect.stringMatching(/^The file is not well-formed CSV/) });
    const many = `sku,title,condition,price\n${Array.from({ length: 100_001 }, (_, i) => `S${i},T,Good,5`).join('\n')}`;
    expect(await refused(many)).toEqual({ status: 413, message: 'A file holds at most 100,000 rows: split it in several' });
    expect((await t.app.inject({ method: 'POST', url: '/inventory/imports', headers: other.headers, payload: { file: 'x' } })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/inventory/imports', headers: other.headers })).json<unknown[]>()).toHaveLength(before);
  });

  it('is read from Windows-1252 as well as UTF-8', async () => {
    const check = await checked(other, Buffer.from('sku,title,author,condition,price\nW-1,Les Misérables,Victor Hugo,Good,4\n', 'latin1'));
    expect(check.counts.new).toBe(1);
    await applied(other, check.id);
    expect((await exported(other)).find((row) => row.sku === 'W-1')).toMatchObject({ title: 'Les Misérables', author: 'Victor Hugo' });
    const bom = await checked(other, `\uFEFFsku,title,author,condition,price\nW-2,Les Misérables,Victor Hugo,Good,4\n`);
    expect(await errorsOf(other, bom.id)).toEqual([]);
    expect(bom.counts.new).toBe(1);
  });

  it('can be discarded once checked, and is not applied then', async () => {
    const check = await checked(other, 'sku,title,condition,price\nD-1,Discarded,Good,4\n');
    const discarded = await t.app.inject({ method: 'DELETE', url: `/inventory/imports/${check.id}`, headers: other.headers });
    expect(discarded.json()).toMatchObject({ state: 'discarded' });
    expect((await t.app.inject({ method: 'POST', url: `/inventory/imports/${check.id}/apply`, headers: other.headers })).statusCode).toBe(409);
    await t.app.inventoryImports.run();
    expect((await exported(other)).map((row) => row.sku)).not.toContain('D-1');
  });
});

describe('imports and their owners', () => {
  it('runs one import at a time per seller, and hides one seller\'s import from another', async () => {
    const dealer = await signUp(t.app, 'busy-dealer@test.dev', 'seller');
    await t.app.inject({ method: 'PUT', url: '/inventory/defaults', headers: dealer.headers, payload: { phone: '1', location: 'Mesa', delivery: null, category: null } });
    const first = await upload(dealer, `${header}\nB-1,,Busy,,,Good,5,,,,,,\n`);
    expect(first.statusCode).toBe(202);
    const second = await upload(dealer, `${header}\nB-2,,Busier,,,Good,5,,,,,,\n`);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ message: 'An import of yours is under way: wait for it to finish, or discard it' });
    const id = first.json<WireImport>().id;
    expect((await t.app.inject({ url: `/inventory/imports/${id}`, headers: other.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/inventory/imports/${id}/errors`, headers: other.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/inventory/imports/${id}/apply`, headers: other.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/inventory/imports/${id}`, headers: buyer.headers })).statusCode).toBe(403);
    await t.app.inventoryImports.run();
    expect((await upload(dealer, `${header}\nB-2,,Busier,,,Good,5,,,,,,\n`)).statusCode).toBe(202);
  });

  it('checks and applies several sellers\' files in one run, each batch one file\'s rows', async () => {
    const dealers = await Promise.all(['first-of-two@test.dev', 'second-of-two@test.dev'].map((email) => signUp(t.app, email, 'seller')));
    const ids: string[] = [];
    for (const [index, dealer] of dealers.entries()) {
      await t.app.inject({ method: 'PUT', url: '/inventory/defaults', headers: dealer.headers, payload: { phone: '1', location: 'Mesa', delivery: null, category: null } });
      const response = await upload(dealer, `${header}\nT-${index}-1,,Twin ${index} one,,,Good,5,,,,,,\nT-${index}-2,,Twin ${index} two,,,Good,6,,,,,,\n`);
      expect(response.statusCode).toBe(202);
      ids.push(response.json<WireImport>().id);
    }
    await t.app.inventoryImports.run();
    for (const [index, dealer] of dealers.entries()) {
      expect(await get(dealer, ids[index])).toMatchObject({ state: 'checked', counts: { new: 2 } });
      expect((await t.app.inject({ method: 'POST', url: `/inventory/imports/${ids[index]}/apply`, headers: dealer.headers })).statusCode).toBe(202);
    }
    await t.app.inventoryImports.run();
    for (const [index, dealer] of dealers.entries()) expect(await get(dealer, ids[index])).toMatchObject({ state: 'applied', progress: { done: 2, total: 2 } });
  });
});
