import { addProduct, buildTestApp, signUpCast, validProduct, type TestApp } from './helper';
import { tableDigests } from './tableDigests';

let t: TestApp;
let cast: Awaited<ReturnType<typeof signUpCast>>;
let bookId: string;
beforeAll(async () => {
  t = await buildTestApp();
  cast = await signUpCast(t.app);
  bookId = await addProduct(t.app, cast.seller);
});
afterAll(() => t.close());

async function expect400(response: { statusCode: number; json(): unknown }, message?: string) {
  expect({ status: response.statusCode, body: response.json() }).toEqual({
    status: 400,
    body: { message: message ?? expect.stringMatching(/control characters/) },
  });
}

const NUL = '\u0000';

describe('control characters in JSON bodies (hole: NUL answered 500, PostgreSQL refuses byte 0)', () => {
  const bookingBody = () => ({ bookId, email: cast.buyer.email, cusTomername: 'B', location: 'L', phone: '1', bookName: 'x' });

  it.each(['name', 'phone', 'location', 'condition', 'description', 'image', 'uses', 'category'])(
    'POST /products with NUL in %s → 400, nothing stored',
    async (field) => {
      const before = await tableDigests(t.testDb.db);
      const payload = { ...validProduct, [field]: `a${NUL}b` };
      const response = await t.app.inject({ method: 'POST', url: '/products', headers: cast.seller.headers, payload });
      await expect400(response, `body/${field} must not contain control characters${field === 'description' ? ' other than tabs and line breaks' : ''}`);
      expect(await tableDigests(t.testDb.db)).toEqual(before);
    },
  );

  it.each(['cusTomername', 'location', 'phone', 'bookName', 'email'])('POST /bookings with NUL in %s → 400', async (field) => {
    const before = await tableDigests(t.testDb.db);
    const payload = { ...bookingBody(), [field]: `${NUL}${cast.buyer.email}` };
    await expect400(await t.app.inject({ method: 'POST', url: '/bookings', headers: cast.buyer.headers, payload }));
    expect(await tableDigests(t.testDb.db)).toEqual(before);
  });

  it.each(['name', 'email'])('POST /users with NUL in %s → 400', async (field) => {
    const email = 'nul@test.dev';
    const payload = { name: 'Nul', email, role: 'Buyer', [field]: `x${NUL}${email}` };
    const headers = { authorization: `Bearer test:uid:${email}` };
    await expect400(await t.app.inject({ method: 'POST', url: '/users', headers, payload }));
  });

  it.each([
    ['/create-payment-intent', { bookingId: `${'0'.repeat(23)}${NUL}` }],
    ['/payment', { bookingId: '0'.repeat(24), transactionId: `pi_${NUL}` }],
  ])('POST %s with NUL → 400', async (url, payload) => {
    await expect400(await t.app.inject({ method: 'POST', url, headers: cast.buyer.headers, payload }));
  });

  it.each([
    ['escape', '\u001b[31mred'],
    ['DEL', 'a\u007f'],
    ['C1 next-line', 'a\u0085b'],
    ['line break in a one-line field', 'a\nb'],
    ['tab in a one-line field', 'a\tb'],
  ])('%s in a name → 400', async (_label, name) => {
    const response = await t.app.inject({ method: 'POST', url: '/products', headers: cast.seller.headers, payload: { ...validProduct, name } });
    await expect400(response, 'body/name must not contain control characters');
  });

  it('nested values and field names are checked too', async () => {
    const post = (payload: object) => t.app.inject({ method: 'POST', url: '/products', headers: cast.seller.headers, payload });
    await expect400(await post({ ...validProduct, extra: { deeper: ['fine', `a${NUL}`] } }), 'body/extra/deeper/1 must not contain control characters');
    await expect400(await post({ ...validProduct, [`a${NUL}`]: 'x' }), 'a field name in body must not contain control characters');
  });

  it('a deeply nested body is refused with a 4xx, not a stack overflow', async () => {
    const depth = 30_000;
    const response = await t.app.inject({
      method: 'POST', url: '/products', headers: { ...cast.seller.headers, 'content-type': 'application/json' },
      payload: `${'['.repeat(depth)}"${'\\u0000'}"${']'.repeat(depth)}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it('tabs and line breaks stay allowed in a description, and are stored as sent', async () => {
    const description = 'Line one\r\nLine two\n\tindented';
    const id = await addProduct(t.app, cast.seller, { description });
    const mine = (await t.app.inject({ url: '/products', headers: cast.seller.headers })).json<Array<{ _id: string; description: string }>>();
    expect(mine.find((product) => product._id === id)?.description).toBe(description);
  });
});

describe('control characters in URLs (hole: /users/admin/a%00b@x.y answered 500)', () => {
  it.each([
    ['GET', '/users/admin/a%00b@x.y', 'params/email must not contain control characters'],
    ['GET', '/users/seller/a%00b@x.y', 'params/email must not contain control characters'],
    ['GET', '/users/admin/a%C2%85b@x.y', 'params/email must not contain control characters'],
    ['GET', '/bookCatagoriesId/a%00', 'params/id must not contain control characters'],
    ['GET', '/bookings/%00', 'params/id must not contain control characters'],
    ['DELETE', '/products/%1f', 'params/id must not contain control characters'],
    ['GET', '/image-host/i/a%00.png', 'params/file must not contain control characters'],
    ['GET', '/bookings?email=a%00b@x.y', 'querystring/email must not contain control characters'],
    ['GET', '/jwt?email=a%7f@x.y', 'querystring/email must not contain control characters'],
    ['GET', '/bookings?email=a@x.y&email=b%0a@x.y', 'querystring/email/1 must not contain control characters'],
    ['GET', '/unknown/a%00', 'The URL must not contain control characters'],
    ['POST', '/image-host/1/upload?key=%00', 'querystring/key must not contain control characters'],
  ] as const)('%s %s → 400', async (method, url, message) => {
    await expect400(await t.app.inject({ method, url, headers: cast.admin.headers }), message);
  });

  it('is refused before authentication, so no route sees it', async () => {
    await expect400(await t.app.inject({ url: '/users/admin/a%00b@x.y' }), 'params/email must not contain control characters');
  });

  it('ordinary percent-encoding still works', async () => {
    const response = await t.app.inject({ url: `/users/seller/${encodeURIComponent(cast.seller.email)}`, headers: cast.seller.headers });
    expect(response.json()).toEqual({ isSeller: true });
  });
});
