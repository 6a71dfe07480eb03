import { ORDER_MOVES, type OrderMove, type OrderState } from '../src/orders/states';
import { addProduct, pay, signUp, type Actor, type TestApp } from './helper';
import { ALLOWED, type MovableClock, move, orderAs, orderShop, type Who } from './orderSupport';

/**
 * Every move from every state an order can be in, for each delivery and each kind of caller,
 * through `POST /bookings/:id/transitions`: each allowed one answers 200 and moves the order; every
 * other answers 409 (no next step of this order) or 403 (not this caller's to make) and changes
 * nothing. order-rules.test.ts checks the same table against the rules alone.
 */
type Method = 'meetup' | 'shipping';
type Caller = Extract<Who, 'buyer' | 'seller' | 'admin' | 'stranger'>;
const CALLERS: Caller[] = ['buyer', 'seller', 'admin', 'stranger'];
const DAY = 86_400_000;

let t: TestApp;
let clock: MovableClock;
let actors: Record<Caller, Actor>;
let counter = 0;

beforeAll(async () => {
  const shop = await orderShop();
  ({ t, clock } = shop);
  actors = { buyer: shop.buyer, seller: shop.seller, admin: shop.admin, stranger: await signUp(t.app, 'stranger@test.dev', 'seller') };
});
afterAll(() => t.close());

/** The states an order of each delivery can be in (a parcel is never ready, a meet-up never shipped). */
const STATES: Record<Method, OrderState[]> = {
  meetup: ['booked', 'paid', 'ready', 'received', 'disputed', 'completed', 'cancelled', 'expired', 'refunded'],
  shipping: ['booked', 'paid', 'shipped', 'received', 'disputed', 'completed', 'cancelled', 'expired', 'refunded'],
};

const ok = async (answer: Promise<{ statusCode: number; body: string }>) => {
  const response = await answer;
  if (response.statusCode !== 200) throw new Error(`setting up an order failed: ${response.statusCode} ${response.body}`);
};

/** A fresh order of `method` carried through the API to `state`. */
async function orderIn(state: OrderState, method: Method): Promise<string> {
  const { buyer, seller } = actors;
  const bookId = await addProduct(t.app, seller, {
    name: `Moves ${++counter}`, delivery: { meetup: true, shipping: true, shippingPrice: 3 },
  });
  const booked = await t.app.inject({
    method: 'POST', url: '/bookings', headers: buyer.headers,
    payload: { bookId, email: buyer.email, location: 'Here', phone: '555 0100', delivery: method === 'shipping' ? { method, address: '1 Main St' } : { method } },
  });
  if (booked.statusCode !== 200) throw new Error(`booking failed: ${booked.body}`);
  const id = booked.json<{ insertedId: string }>().insertedId;
  if (state === 'booked') return id;
  if (state === 'cancelled') return ok(move(t.app, buyer, id, { to: 'cancelled' })).then(() => id);
  if (state === 'expired') {
    clock.advance(2 * DAY + 1);
    await t.app.orders.sweep();
    return id;
  }
  expect((await pay(t.app, t.stripe, buyer, id)).response.statusCode).toBe(200);
  if (state === 'paid') return id;
  if (state === 'refunded') return ok(move(t.app, seller, id, { to: 'refunded', reason: 'x' })).then(() => id);
  if (method === 'meetup') {
    const code = (await orderAs(t.app, buyer, id)).handoverCode;
    await ok(move(t.app, seller, id, { to: 'ready' }));
    if (state === 'ready') return id;
    await ok(move(t.app, seller, id, { to: 'received', code }));
  } else {
    await ok(move(t.app, seller, id, { to: 'shipped' }));
    if (state === 'shipped') return id;
    await ok(move(t.app, buyer, id, { to: 'received' }));
  }
  if (state === 'received') return id;
  if (state === 'completed') return ok(move(t.app, buyer, id, { to: 'completed' })).then(() => id);
  await ok(move(t.app, buyer, id, { to: 'disputed', reason: 'x' }));
  if (state === 'disputed') return id;
  throw new Error(`no way to ${state}`);
}

/** What the API must answer `caller` asking `move` of an order of `method` in `state`. */
function expected(state: OrderState, move: OrderMove, method: Method, caller: Caller): 200 | 403 | 409 {
  if (caller === 'stranger') return 403; // not their order, whatever they ask
  const allowed = ALLOWED[`${state}>${move}`]?.[method];
  if (allowed?.includes(caller)) return 200;
  // A step of this state for this delivery that someone else may take is theirs: 403; anything else 409.
  return allowed !== undefined && allowed.length > 0 ? 403 : 409;
}

const cases = (['meetup', 'shipping'] as const).flatMap((method) => STATES[method].map((state) => ({ method, state })));

describe('every move through the API', () => {
  it.each(cases)('from $state ($method), for each caller', async ({ method, state }) => {
    const refusedOn = await orderIn(state, method);
    const seen: string[] = [];
    const wanted: string[] = [];
    for (const to of ORDER_MOVES) {
      for (const caller of CALLERS) {
        const status = expected(state, to, method, caller);
        wanted.push(`${to} by ${caller}: ${status}`);
        // An allowed move gets an order of its own; every refusal is asked of one order, which must not change.
        const id = status === 200 ? await orderIn(state, method) : refusedOn;
        const code = to === 'received' && state === 'ready' ? (await orderAs(t.app, actors.buyer, id)).handoverCode : undefined;
        const answer = await move(t.app, actors[caller], id, { to, reason: 'x', ...(code ? { code } : {}) });
        seen.push(`${to} by ${caller}: ${answer.statusCode}`);
        if (answer.statusCode === 200) expect(answer.json()).toMatchObject({ state: to });
        else expect(answer.json()).toEqual({ message: expect.any(String) });
      }
    }
    expect(seen).toEqual(wanted);
    expect((await orderAs(t.app, actors.buyer, refusedOn)).state).toBe(state);
  });
});

