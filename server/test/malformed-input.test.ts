import { buildTestApp, signUpCast, type TestApp } from './helper';

let t: TestApp;
let cast: Awaited<ReturnType<typeof signUpCast>>;
beforeAll(async () => {
  t = await buildTestApp();
  cast = await signUpCast(t.app);
});
afterAll(() => t.close());

/** Every answer below must be a 4xx with a JSON `{ message }`, and the server must keep serving. */
async function expectClientError(response: { statusCode: number; json(): unknown }, status?: number) {
  if (status !== undefined) expect(response.statusCode).toBe(status);
  expect(response.statusCode).toBeGreaterThanOrEqual(400);
  expect(response.statusCode).toBeLessThan(500);
  expect(response.json()).toEqual({ message: expect.any(String) });
}

afterEach(async () => {
  expect((await t.app.inject({ url: '/bookCatagories' })).statusCode).toBe(200);
});

describe('malformed ids (hole: one malformed id crashed the process)', () => {
  it.each([
    ['GET', '/bookings/not-an-id'],
    ['GET', "/bookings/1' or '1'='1"],
    ['DELETE', '/products/123'],
    ['DELETE', '/bookings/ZZZZZZZZZZZZZZZZZZZZZZZZ'],
    ['PUT', '/users/seller/%00'],
    ['PUT', '/users/admin/abc'],
    ['DELETE', `/users/admin/${'a'.repeat(25)}`],
    ['GET', '/bookCatagoriesId/..%2F..%2Fetc'],
  ] as const)('%s %s → 400', async (method, url) => {
    await expectClientError(await t.app.inject({ method, url, headers: cast.admin.headers }), 400);
  });

  it('answers 404 for a well-formed id that does not exist', async () => {
    await expectClientError(await t.app.inject({ url: `/bookings/${'0'.repeat(24)}`, headers: cast.admin.headers }), 404);
  });
});

describe('malformed bodies', () => {
  const postProduct = (payload: string | object, contentType = 'application/json') =>
    t.app.inject({ method: 'POST', url: '/products', headers: { ...cast.seller.headers, 'content-type': contentType }, payload });

  it('bad JSON → 400', async () => {
    await expectClientError(await postProduct('{"name": "x", '), 400);
  });

  it('wrong types → 400, numeric strings are coerced', async () => {
    const base = { name: 'N', phone: '1', location: 'L', image: 'https://i.example/x.png' };
    await expectClientError(await postProduct({ ...base, price: 'twelve' }), 400);
    await expectClientError(await postProduct({ ...base, price: -5 }), 400);
    await expectClientError(await postProduct({ ...base, price: 5, image: 'javascript:alert(1)' }), 400);
    expect((await postProduct({ ...base, price: '12.75' })).statusCode).toBe(200);
  });

  it('huge strings → 400, huge bodies → 413', async () => {
    await expectClientError(await postProduct({ name: 'x'.repeat(5000), price: 5, phone: '1', location: 'L', image: 'https://i.example/x.png' }), 400);
    await expectClientError(await postProduct({ description: 'x'.repeat(200_000) }), 413);
  });

  it('unknown fields are dropped, not stored', async () => {
    const response = await postProduct({ name: 'Extra', price: 5, phone: '1', location: 'L', image: 'https://i.example/x.png', seller_id: cast.otherSeller.id, sold: true });
    expect(response.statusCode).toBe(200);
    const mine = (await t.app.inject({ url: '/products', headers: cast.seller.headers })).json<Array<{ _id: string; sold: boolean }>>();
    expect(mine.find((p) => p._id === response.json().insertedId)).toMatchObject({ sold: false });
  });

  it('an unsupported content type → 415', async () => {
    await expectClientError(await postProduct('<xml/>', 'application/xml'), 415);
  });

  it('sign-up with a non-string role or missing fields → 400', async () => {
    const headers = { authorization: 'Bearer test:u:odd@test.dev' };
    await expectClientError(await t.app.inject({ method: 'POST', url: '/users', headers, payload: { name: 'Odd', email: 'odd@test.dev', role: ['admin'] } }), 400);
    await expectClientError(await t.app.inject({ method: 'POST', url: '/users', headers, payload: { email: 'odd@test.dev' } }), 400);
    await expectClientError(await t.app.inject({ url: '/jwt?email=not-an-email', headers }), 400);
  });
});

describe('bad tokens', () => {
  it.each([
    ['no header', undefined],
    ['wrong scheme', 'Basic dXNlcjpwYXNz'],
    ['garbage', 'bearer garbage'],
    ['empty bearer', 'bearer '],
    ['alg none', `bearer ${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"x","email":"admin@test.dev"}').toString('base64url')}.`],
    ['huge', `bearer ${'a'.repeat(10_000)}`],
  ])('%s → 401', async (_label, authorization) => {
    const response = await t.app.inject({ url: '/products', headers: authorization === undefined ? {} : { authorization } });
    await expectClientError(response, 401);
  });

  it('an ID token where an access token belongs → 401', async () => {
    await expectClientError(await t.app.inject({ url: '/products', headers: { authorization: 'Bearer test:u:seller@test.dev' } }), 401);
  });

  it('an access token where an ID token belongs → 401', async () => {
    await expectClientError(await t.app.inject({ url: `/jwt?email=${cast.buyer.email}`, headers: cast.buyer.headers }), 401);
  });
});

it('unknown routes → 404 JSON', async () => {
  await expectClientError(await t.app.inject({ url: '/admin/secret' }), 404);
});
