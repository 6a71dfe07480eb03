import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { cellText, csvLine, inertCell, INVENTORY_COLUMNS } from '../src/inventory/csv';
import { inventoryRepository } from '../src/repositories/inventory';
import { addProduct, bookingOf, buildTestApp, pay, signUpCast, type TestApp } from './helper';

/** A seller's inventory file out (`GET /inventory.csv`) and the defaults for a file's rows. */
let t: TestApp;
let cast: Awaited<ReturnType<typeof signUpCast>>;
beforeAll(async () => {
  t = await buildTestApp();
  cast = await signUpCast(t.app);
});
afterAll(() => t.close());

const exported = async (headers: Record<string, string>) => {
  const response = await t.app.inject({ url: '/inventory.csv', headers });
  return { response, rows: parse(response.body, { bom: true, columns: true, skip_empty_lines: true }) as Record<string, string>[] };
};

describe('GET /inventory.csv', () => {
  it("lists the seller's copies not sold, in the import's columns, each as the file writes it", async () => {
    const plain = await addProduct(t.app, cast.seller, {
      name: 'Middlemarch', author: 'George Eliot', isbn: '9780141439549', price: 7.5, orginal_price: 18, category: 'fiction',
      condition: 'Good', location: 'Tucson', description: 'Spine, "uncreased",\nwith a note', delivery: { meetup: true, shipping: true, shippingPrice: 3.99 },
    });
    const formula = await addProduct(t.app, cast.seller, { name: '=HYPERLINK("http://evil.test","Cheap")', author: '@author', description: '-5 pages', location: '+1 Main St' });
    const booked = await addProduct(t.app, cast.seller, { name: 'Booked Book' });
    await bookingOf(t.app, cast.buyer, booked);
    const sold = await addProduct(t.app, cast.seller, { name: 'Sold Book' });
    const { response } = await pay(t.app, t.stripe, cast.buyer, await bookingOf(t.app, cast.buyer, sold));
    expect(response.statusCode).toBe(200);
    await addProduct(t.app, cast.otherSeller, { name: 'Not Theirs' });

    const { response: file, rows } = await exported(cast.seller.headers);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toBe('attachment; filename="inventory.csv"');
    expect(file.body.startsWith('\uFEFFsku,isbn,title,')).toBe(true);
    expect(file.body.split('\r\n')[0]).toBe(`\uFEFF${INVENTORY_COLUMNS.join(',')}`);

    expect(rows.map((row) => row.sku)).toEqual([plain, formula, booked]);
    expect(rows[0]).toEqual({
      sku: plain, isbn: '9780141439549', title: 'Middlemarch', author: 'George Eliot', category: 'fiction', condition: 'Good',
      price: '7.50', original_price: '18.00', location: 'Tucson', delivery: 'both', shipping_price: '3.99',
      description: 'Spine, "uncreased",\nwith a note', action: '',
    });
    // Nothing a spreadsheet would run: a formula-like start is written after an apostrophe.
    expect(rows[1]).toMatchObject({
      title: '\'=HYPERLINK("http://evil.test","Cheap")', author: "'@author", description: "'-5 pages", location: "'+1 Main St",
      delivery: 'meetup', shipping_price: '',
    });
    expect(file.body).not.toMatch(/(^|,)[=+\-@]/m);
  });

  it('is an empty file with its header for a seller with nothing for sale, and for sellers only', async () => {
    const { response, rows } = await exported(cast.admin.headers);
    expect(response.statusCode).toBe(200);
    expect(rows).toEqual([]);
    expect((await t.app.inject({ url: '/inventory.csv', headers: cast.buyer.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/inventory.csv' })).statusCode).toBe(401);
  });

  it('pages through a large inventory in order, each copy once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 7; i += 1) ids.push(await addProduct(t.app, cast.otherSeller, { name: `Paged ${i}` }));
    const seen: string[] = [];
    for await (const page of inventoryRepository(t.testDb.db).listingsOf(cast.otherSeller.id, 3)) {
      expect(page.length).toBeLessThanOrEqual(3);
      seen.push(...page.map((row) => row.id));
    }
    expect(seen.slice(-7)).toEqual(ids);
    expect(new Set(seen).size).toBe(seen.length);
  });
});

describe('a cell of the file', () => {
  it('reads back as the text it was written from, whatever it starts with', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string({ unit: 'grapheme' }), fc.stringMatching(/^'{0,3}[=+\-@\t\r\n,"' a]{0,6}$/)), { minLength: 1, maxLength: 5 }), (cells) => {
        const [read] = parse(csvLine(cells), { relax_column_count: true }) as string[][];
        expect(read.map(cellText)).toEqual(cells);
        for (const cell of read) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
      }),
      { numRuns: 500 },
    );
    expect(inertCell('=1+1')).toBe("'=1+1");
    expect(inertCell("'plain")).toBe("'plain");
    expect(cellText("'plain")).toBe("'plain");
    // A text that itself starts with an apostrophe before a formula-like start reads back whole.
    for (const text of ["'=1+1", "''-5", '@', "'"]) expect(cellText(inertCell(text))).toBe(text);
  });
});

describe('the inventory defaults', () => {
  const put = (body: object) => t.app.inject({ method: 'PUT', url: '/inventory/defaults', headers: cast.seller.headers, payload: body });
  const current = async () => (await t.app.inject({ url: '/inventory/defaults', headers: cast.seller.headers })).json<Record<string, unknown>>();

  it('are empty at first, then what the seller saved, for that seller alone', async () => {
    expect(await current()).toEqual({ phone: null, location: null, delivery: null, category: null });
    const saved = await put({ phone: ' +1 555 0100 ', location: 'Tucson', delivery: 'shipping', category: 'history' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ phone: '+1 555 0100', location: 'Tucson', delivery: 'shipping', category: 'history' });
    expect(await current()).toEqual({ phone: '+1 555 0100', location: 'Tucson', delivery: 'shipping', category: 'history' });
    const other = await t.app.inject({ url: '/inventory/defaults', headers: cast.otherSeller.headers });
    expect(other.json()).toEqual({ phone: null, location: null, delivery: null, category: null });
    // An empty text is no default.
    expect((await put({ phone: '', location: '  ', delivery: null, category: null })).json()).toEqual({
      phone: null, location: null, delivery: null, category: null,
    });
  });

  it('refuse an unknown category or delivery, a malformed or missing field, with a message, changing nothing', async () => {
    await put({ phone: '1', location: 'Here', delivery: 'meetup', category: 'fiction' });
    const refusals = [
      { body: { phone: '1', location: 'Here', delivery: 'meetup', category: 'poetry' }, message: 'There is no category "poetry"' },
      { body: { phone: '1', location: 'Here', delivery: 'pigeon', category: null }, message: /delivery/ },
      { body: { phone: '1', location: 'Here', delivery: 'meetup' }, message: /category/ },
      { body: { phone: '1', location: 'Here', delivery: 'meetup', category: 'Fiction!' }, message: /category/ },
      { body: { phone: 'x'.repeat(41), location: 'Here', delivery: 'meetup', category: null }, message: /phone/ },
    ];
    for (const { body, message } of refusals) {
      const answer = await put(body);
      expect(answer.statusCode).toBe(400);
      expect(answer.json<{ message: string }>().message).toMatch(message);
    }
    expect(await current()).toEqual({ phone: '1', location: 'Here', delivery: 'meetup', category: 'fiction' });
  });
});
