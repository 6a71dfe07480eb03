import { addProduct, bookingOf, buildTestApp, signUpCast, type Actor, type TestApp } from './helper';

/**
 * Every protected route against every kind of caller. "seller" owns the product and the
 * booking's book is theirs; "buyer" made the booking; "another seller" owns neither.
 */
type Who = 'anonymous' | 'buyer' | 'seller' | 'another seller' | 'admin';
const WHO: Who[] = ['anonymous', 'buyer', 'seller', 'another seller', 'admin'];

interface Fixture {
  productId: string;
  bookingId: string;
  buyerEmail: string;
  targetUserId: string;
}

interface Row {
  route: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: (f: Fixture) => string;
  body?: (f: Fixture, callerEmail: string) => object;
  /** Expected status for anonymous, buyer, seller, another seller, admin. */
  expected: [number, number, number, number, number];
}

const MATRIX: Row[] = [
  { route: 'GET /bookCatagoriesId/:id', method: 'GET', url: () => '/bookCatagoriesId/fiction', expected: [401, 200, 200, 200, 200] },
  { route: 'GET /bookCatagoriesId', method: 'GET', url: () => '/bookCatagoriesId', expected: [401, 200, 200, 200, 200] },
  { route: 'GET /users/admin/:email (buyer\'s)', method: 'GET', url: (f) => `/users/admin/${f.buyerEmail}`, expected: [401, 200, 403, 403, 200] },
  { route: 'GET /users/seller/:email (buyer\'s)', method: 'GET', url: (f) => `/users/seller/${f.buyerEmail}`, expected: [401, 200, 403, 403, 200] },
  { route: 'GET /bookings?email= (buyer\'s)', method: 'GET', url: (f) => `/bookings?email=${f.buyerEmail}`, expected: [401, 200, 403, 403, 403] },
  { route: 'GET /bookings/:id', method: 'GET', url: (f) => `/bookings/${f.bookingId}`, expected: [401, 200, 403, 403, 200] },
  { route: 'POST /bookings', method: 'POST', url: () => '/bookings', body: (f, callerEmail) => ({ bookId: f.productId, email: callerEmail }), expected: [401, 200, 400, 200, 200] },
  { route: 'POST /create-payment-intent', method: 'POST', url: () => '/create-payment-intent', body: (f) => ({ bookingId: f.bookingId }), expected: [401, 200, 403, 403, 403] },
  { route: 'POST /payment', method: 'POST', url: () => '/payment', body: (f) => ({ bookingId: f.bookingId, transactionId: 'pi_unknown' }), expected: [401, 400, 403, 403, 403] },
  { route: 'GET /mybuyers', method: 'GET', url: () => '/mybuyers', expected: [401, 403, 200, 200, 200] },
  { route: 'GET /products', method: 'GET', url: () => '/products', expected: [401, 403, 200, 200, 200] },
  { route: 'POST /products', method: 'POST', url: () => '/products', body: () => ({ name: 'M', price: 9, phone: '1', location: 'L', image: 'https://i.example/m.png' }), expected: [401, 403, 200, 200, 200] },
  { route: 'GET /seller', method: 'GET', url: () => '/seller', expected: [401, 403, 403, 403, 200] },
  { route: 'GET /buyer', method: 'GET', url: () => '/buyer', expected: [401, 403, 403, 403, 200] },
  { route: 'PUT /users/seller/:id', method: 'PUT', url: (f) => `/users/seller/${f.targetUserId}`, expected: [401, 403, 403, 403, 200] },
  { route: 'PUT /users/admin/:id', method: 'PUT', url: (f) => `/users/admin/${f.targetUserId}`, expected: [401, 403, 403, 403, 200] },
  { route: 'DELETE /bookings/:id', method: 'DELETE', url: (f) => `/bookings/${f.bookingId}`, expected: [401, 200, 403, 403, 403] },
  { route: 'DELETE /products/:id', method: 'DELETE', url: (f) => `/products/${f.productId}`, expected: [401, 403, 200, 403, 200] },
  { route: 'DELETE /users/admin/:id', method: 'DELETE', url: (f) => `/users/admin/${f.targetUserId}`, expected: [401, 403, 403, 403, 200] },
  // Past the role check the upload is refused for its body (not multipart), which is enough here.
  { route: 'POST /image-host/1/upload', method: 'POST', url: () => '/image-host/1/upload?key=book-resale-local', body: () => ({}), expected: [401, 403, 400, 400, 400] },
];

let t: TestApp;
let actors: Record<Exclude<Who, 'anonymous'>, Actor>;
let targetCounter = 0;

beforeAll(async () => {
  t = await buildTestApp();
  const cast = await signUpCast(t.app);
  actors = { buyer: cast.buyer, seller: cast.seller, 'another seller': cast.otherSeller, admin: cast.admin };
});
afterAll(() => t.close());

/** A fresh world per cell, so a delete or a promotion in one cell cannot change another. */
async function freshFixture(): Promise<Fixture> {
  const productId = await addProduct(t.app, actors.seller);
  const bookingId = await bookingOf(t.app, actors.buyer, productId);
  const target = await t.app.inject({
    method: 'POST',
    url: '/users',
    headers: { authorization: `Bearer test:t${++targetCounter}:target${targetCounter}@test.dev` },
    payload: { name: 'Target', email: `target${targetCounter}@test.dev`, role: 'seller' },
  });
  return { productId, bookingId, buyerEmail: actors.buyer.email, targetUserId: target.json().insertedId };
}

describe.each(MATRIX)('$route', (row) => {
  it.each(WHO.map((who, index) => [who, row.expected[index]] as const))('%s → %i', async (who, status) => {
    const fixture = await freshFixture();
    const response = await t.app.inject({
      method: row.method,
      url: row.url(fixture),
      headers: who === 'anonymous' ? {} : actors[who].headers,
      ...(row.body ? { payload: row.body(fixture, who === 'anonymous' ? 'anyone@test.dev' : actors[who].email) } : {}),
    });
    expect({ status: response.statusCode, json: response.headers['content-type'] }).toEqual({
      status,
      json: expect.stringContaining('application/json'),
    });
  });
});
