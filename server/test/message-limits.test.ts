import type { FastifyInstance } from 'fastify';
import { addProduct, bookingOf, buildSecondApp, buildTestApp, signUp, type Actor, type TestApp } from './helper';

const LIMIT = 3;
let t: TestApp;
let second: Awaited<ReturnType<typeof buildSecondApp>>;
let buyer: Actor;
let seller: Actor;
let bookingId: string;

beforeAll(async () => {
  // Two API processes on one database: the message limit always counts in it.
  t = await buildTestApp({ messagesPerMinute: LIMIT });
  second = await buildSecondApp(t);
  buyer = await signUp(t.app, 'buyer@test.dev', 'Buyer');
  seller = await signUp(t.app, 'seller@test.dev', 'seller');
  bookingId = await bookingOf(t.app, buyer, await addProduct(t.app, seller));
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const send = (app: FastifyInstance, actor: Actor, text: string) =>
  app.inject({ method: 'POST', url: `/threads/${bookingId}/messages`, headers: actor.headers, payload: { text } });

it('counts one user\'s messages and questions over every API process, and refuses past the limit with a message', async () => {
  expect((await send(t.app, buyer, 'one')).statusCode).toBe(201);
  expect((await send(second.app, buyer, 'two')).statusCode).toBe(201);
  const bookId = await addProduct(t.app, seller, { name: 'Another' });
  const asked = await second.app.inject({ method: 'POST', url: `/books/${bookId}/questions`, headers: buyer.headers, payload: { text: 'three' } });
  expect(asked.statusCode).toBe(201);
  for (const app of [t.app, second.app]) {
    const refused = await send(app, buyer, 'four');
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ message: string }>().message).toMatch(/at most 3 messages a minute/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  }
  // Nothing refused was stored; the other side still writes.
  const texts = (await t.app.inject({ url: `/threads/${bookingId}/messages`, headers: seller.headers })).json<{ text: string }[]>();
  expect(texts.map((m) => m.text)).toEqual(['two', 'one']);
  expect((await send(second.app, seller, 'reply')).statusCode).toBe(201);
});
