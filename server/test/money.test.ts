import { parseMoney, type MoneyField } from '../src/lib/money';
import { HttpError } from '../src/lib/errors';
import { addProduct, book, buildTestApp, paymentIntentFor, signUpCast, validProduct, type TestApp } from './helper';
import { tableDigests } from './tableDigests';

const PRICE: MoneyField = { field: 'body/price', minCents: 50, maxCents: 10_000_000 };
const FORMAT = 'body/price must be an amount in dollars with at most two decimals, like 12 or 12.50';
const BOUNDS = 'body/price must be between $0.50 and $100000.00';

describe('parseMoney', () => {
  it.each([
    [12, 1200], ['12', 1200], [12.5, 1250], ['12.5', 1250], ['12.50', 1250], [' 12.50 ', 1250],
    ['0.5', 50], [0.5, 50], ['007', 700], [99999.99, 9_999_999], ['100000', 10_000_000], [100000.0, 10_000_000],
    [19.99, 1999], [1.15, 115], [0.29, 29],
  ] as const)('%p → %d cents, exactly', (value, cents) => {
    expect(parseMoney(value, { ...PRICE, minCents: 0 })).toBe(cents);
  });

  const refusal = (value: number | string) => {
    try {
      parseMoney(value, PRICE);
    } catch (error) {
      return error instanceof HttpError ? { status: error.statusCode, message: error.message } : error;
    }
    return 'accepted';
  };

  it.each([
    'Infinity', '-Infinity', Infinity, -Infinity, NaN, 'NaN', '1e2', '1E2', '1e400', '12.345', 12.345, 1.005,
    '12.', '.5', '+12', '0x10', '', ' ', '1_000', '12,50', '1 2', 'twelve', '١٢', 1e21, 1e-7,
  ])('%p → 400, not an amount', (value) => {
    expect(refusal(value)).toEqual({ status: 400, message: FORMAT });
  });

  it.each(['-5', -5, '-0', '0.49', 0.49, '100000.01', 100000.01, '9'.repeat(40), 2 ** 63, '9223372036854775808', Number.MAX_SAFE_INTEGER + 2])(
    '%p → 400, out of bounds',
    (value) => {
      expect(refusal(value)).toEqual({ status: 400, message: BOUNDS });
    },
  );

  it('a long run of digits is out of bounds, and cheap to refuse', () => {
    expect(refusal('9'.repeat(60_000))).toEqual({ status: 400, message: BOUNDS });
  });
});

describe('prices of new products (hole: "Infinity" and "1e400" answered 500, amounts went through floats)', () => {
  let t: TestApp;
  let cast: Awaited<ReturnType<typeof signUpCast>>;
  beforeAll(async () => {
    t = await buildTestApp();
    cast = await signUpCast(t.app);
  });
  afterAll(() => t.close());

  const post = (json: string) =>
    t.app.inject({
      method: 'POST', url: '/products', headers: { ...cast.seller.headers, 'content-type': 'application/json' }, payload: json,
    });
  /** The valid product's JSON with one field's raw JSON text replaced (so `1e400` stays as typed). */
  const productJson = (field: 'price' | 'orginal_price', rawJson: string) =>
    JSON.stringify({ ...validProduct, [field]: '__VALUE__' }).replace('"__VALUE__"', rawJson);

  it.each([
    ['12', 12], ['"12"', 12], ['12.5', 12.5], ['"12.50"', 12.5], ['0.5', 0.5], ['"100000"', 100000], ['99999.99', 99999.99],
  ])('price %s is stored as %d dollars', async (rawJson, dollars) => {
    const response = await post(productJson('price', rawJson));
    expect(response.statusCode).toBe(200);
    const mine = (await t.app.inject({ url: '/products', headers: cast.seller.headers })).json<Array<{ _id: string; price: number }>>();
    expect(mine.find((product) => product._id === response.json().insertedId)?.price).toBe(dollars);
  });

  it('an original price of 0 is allowed, and a missing one is the price', async () => {
    const free = await addProduct(t.app, cast.seller, { orginal_price: '0' });
    const { orginal_price: _omitted, ...withoutOriginal } = validProduct;
    const same = (await t.app.inject({ method: 'POST', url: '/products', headers: cast.seller.headers, payload: { ...withoutOriginal, price: '7.25' } })).json<{ insertedId: string }>().insertedId;
    const mine = (await t.app.inject({ url: '/products', headers: cast.seller.headers })).json<Array<{ _id: string; orginal_price: number }>>();
    expect(mine.find((product) => product._id === free)?.orginal_price).toBe(0);
    expect(mine.find((product) => product._id === same)?.orginal_price).toBe(7.25);
  });

  const LONG_DIGITS = `"${'9'.repeat(400)}"`;
  const refused = [
    '"Infinity"', '"-Infinity"', '1e400', '-1e400', '"1e400"', '"NaN"', '"1e2"', '12.345', '"12.345"', 'true', 'null',
    LONG_DIGITS, '9223372036854775808', '-5', '100000.01', '{}',
  ];
  const label = (rawJson: string) => (rawJson === LONG_DIGITS ? '"99…9" (400 digits)' : rawJson);
  it.each(refused.flatMap((rawJson) => (['price', 'orginal_price'] as const).map((field) => [field, label(rawJson), rawJson] as const)))(
    '%s %s → 400 with a message naming the field, nothing stored',
    async (field, _label, rawJson) => {
      const before = await tableDigests(t.testDb.db);
      const response = await post(productJson(field, rawJson));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: expect.stringContaining(`body/${field} must be`) });
      expect(await tableDigests(t.testDb.db)).toEqual(before);
    },
  );

  it('a price under 50 cents → 400 (card payments need at least that)', async () => {
    expect((await post(productJson('price', '0.49'))).json()).toEqual({ message: BOUNDS });
  });
});

describe('prices the client sends with a booking or a payment are ignored (they come from the database)', () => {
  let t: TestApp;
  let cast: Awaited<ReturnType<typeof signUpCast>>;
  beforeAll(async () => {
    t = await buildTestApp();
    cast = await signUpCast(t.app);
  });
  afterAll(() => t.close());

  it.each(['"Infinity"', '"-Infinity"', '"NaN"', '1e400', '0.001', '"99999999999999999999999999999999"'])(
    'resale_price %s never answers 5xx, and never sets the amount',
    async (rawJson) => {
      const bookId = await addProduct(t.app, cast.seller, { price: 12.5 });
      const body = JSON.stringify({ bookId, email: cast.buyer.email, resale_price: '__VALUE__' }).replace('"__VALUE__"', rawJson);
      const booking = await t.app.inject({
        method: 'POST', url: '/bookings', headers: { ...cast.buyer.headers, 'content-type': 'application/json' }, payload: body,
      });
      expect(booking.statusCode).toBeLessThan(500);
      // A booking that was made carries the book's price; its PaymentIntent charges exactly that.
      const made = booking.statusCode === 200 ? booking : await book(t.app, cast.buyer, bookId);
      const bookingId = made.json<{ insertedId: string }>().insertedId;
      const stored = (await t.app.inject({ url: `/bookings/${bookingId}`, headers: cast.buyer.headers })).json<{ resale_price: number }>();
      expect(stored.resale_price).toBe(12.5);
      const intentId = await paymentIntentFor(t.app, cast.buyer, bookingId);
      expect(t.stripe.intents.get(intentId)?.amount).toBe(1250);
    },
  );
});
