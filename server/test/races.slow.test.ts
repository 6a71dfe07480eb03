import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import Stripe from 'stripe';
import { startStripeSandbox, type StripeSandbox } from '../../sandbox/stripe/server';
import { stripePaymentProvider } from '../src/lib/stripeProvider';
import {
  addProduct, book, bookingOf, buildTestApp, paymentIntentFor, recordCharge, signUp, type Actor, type TestApp,
} from './helper';

/**
 * Many clients at one book at the same moment, against the local payment sandbox (real
 * PaymentIntents, real refunds): every request is answered 2xx or with a 4xx JSON message, never
 * 5xx, and every charge ends recorded or refunded, never both and never neither.
 */
const SECRET_KEY = 'sk_test_sandbox';
let sandbox: StripeSandbox;
let sandboxDir: string;
let stripe: Stripe;
let t: TestApp;
let seller: Actor;

beforeAll(async () => {
  sandboxDir = await mkdtemp(path.join(tmpdir(), 'book-resale-races-'));
  sandbox = await startStripeSandbox({ port: 0, host: '127.0.0.1', dataDir: sandboxDir, secretKey: SECRET_KEY });
  const config = { secretKey: SECRET_KEY, host: '127.0.0.1', port: sandbox.port, protocol: 'http' as const };
  stripe = new Stripe(SECRET_KEY, { host: config.host, port: config.port, protocol: config.protocol, telemetry: false });
  t = await buildTestApp({ stripe: config }, { payments: stripePaymentProvider(config) });
  seller = await signUp(t.app, 'race-seller@test.dev', 'seller');
}, 60_000);
afterAll(async () => {
  await t?.close();
  await sandbox?.close();
  await rm(sandboxDir, { recursive: true, force: true });
});

/** Buyers signed up at once (itself a race on sign-up). */
const buyers = (label: string, count: number) =>
  Promise.all(Array.from({ length: count }, (_, i) => signUp(t.app, `${label}-${i}@test.dev`)));

/** A 2xx, or a 4xx with a JSON message: what every answer here must be. */
function expectClearAnswer(response: LightMyRequestResponse) {
  expect(response.statusCode).toBeLessThan(500);
  if (response.statusCode >= 400) expect(response.json()).toEqual({ message: expect.any(String) });
}

/** The buyer books, gets a PaymentIntent from the API and pays it at the sandbox with the 4242 card. */
async function chargedBooking(buyer: Actor, bookId: string) {
  const bookingId = await bookingOf(t.app, buyer, bookId);
  const transactionId = await paymentIntentFor(t.app, buyer, bookingId);
  const confirmed = await stripe.paymentIntents.confirm(transactionId, { payment_method: 'pm_card_visa' });
  expect(confirmed.status).toBe('succeeded');
  return { buyer, bookingId, transactionId };
}

/** The refunds the sandbox made, by PaymentIntent, read from its own record of them. */
async function sandboxRefunds(): Promise<Map<string, number[]>> {
  const state = JSON.parse(await readFile(path.join(sandboxDir, 'stripe-sandbox.json'), 'utf8')) as {
    refunds?: Array<{ payment_intent: string; amount: number; status: string }>;
  };
  const byIntent = new Map<string, number[]>();
  for (const refund of state.refunds ?? []) {
    if (refund.status !== 'succeeded') continue;
    byIntent.set(refund.payment_intent, [...(byIntent.get(refund.payment_intent) ?? []), refund.amount]);
  }
  return byIntent;
}

const recordedTransactions = async (transactionIds: string[]) =>
  (await t.testDb.db.query<{ transaction_id: string }>(
    'select transaction_id from payments where transaction_id = any($1::text[])',
    [transactionIds],
  )).map((row) => row.transaction_id);

it('200 buyers booking one book at once: one booking each, or a clear refusal, never a 5xx', async () => {
  const bookId = await addProduct(t.app, seller, { name: 'Crowded', price: 9 });
  const crowd = await buyers('crowd', 200);
  const answers = await Promise.all(crowd.map((buyer) => book(t.app, buyer, bookId)));
  answers.forEach(expectClearAnswer);
  const booked = answers.filter((answer) => answer.statusCode === 200).map((answer) => answer.json<{ insertedId: string }>().insertedId);
  expect(new Set(booked).size).toBe(booked.length);
  const stored = await t.testDb.db.query<{ id: string; buyer_id: string }>(
    'select id, buyer_id from bookings where book_id = $1',
    [bookId],
  );
  expect(stored.map((row) => row.id).sort()).toEqual([...booked].sort());
  // A free book takes every buyer's booking: refusals here would be a bug, not a race lost.
  expect(booked).toHaveLength(200);
  expect(new Set(stored.map((row) => row.buyer_id)).size).toBe(200);
}, 120_000);

it('200 buyers booking one book while its seller deletes it: every answered booking stored (withdrawn), the rest refused clearly', async () => {
  const bookId = await addProduct(t.app, seller, { name: 'Going away', price: 9 });
  const crowd = await buyers('late-crowd', 200);
  // 20 lanes of 10 buyers each, one after another in a lane; the delete goes out once the 50th
  // booking is answered, so bookings run before, during and after it.
  const LANES = 20;
  let answered = 0;
  let deletion: Promise<LightMyRequestResponse> | undefined;
  const deleteBook = () => t.app.inject({ method: 'DELETE', url: `/products/${bookId}`, headers: seller.headers });
  const answers: LightMyRequestResponse[] = [];
  await Promise.all(
    Array.from({ length: LANES }, async (_, lane) => {
      for (let i = lane; i < crowd.length; i += LANES) {
        answers.push(await book(t.app, crowd[i], bookId));
        answered += 1;
        if (answered === 50) deletion = deleteBook();
      }
    }),
  );
  const deleted = await (deletion ?? deleteBook());
  [deleted, ...answers].forEach(expectClearAnswer);
  expect(deleted.statusCode).toBe(200);
  const booked = answers.filter((answer) => answer.statusCode === 200).map((answer) => answer.json<{ insertedId: string }>().insertedId);
  const refused = answers.filter((answer) => answer.statusCode !== 200);
  expect(booked.length).toBeGreaterThanOrEqual(50);
  expect(refused.length).toBeGreaterThan(0);
  for (const refusal of refused) expect([404, 409]).toContain(refusal.statusCode);
  const stored = await t.testDb.db.query<{ id: string; book_id: string | null }>(
    "select id, book_id from bookings where book_name = 'Going away'",
  );
  expect(stored.map((row) => row.id).sort()).toEqual([...booked].sort());
  // The book is gone: what was booked stays with its buyers, withdrawn.
  expect(stored.every((row) => row.book_id === null)).toBe(true);
}, 120_000);

it('20 buyers paying for one book at once: exactly one paid booking, every other charge refunded at the sandbox', async () => {
  const bookId = await addProduct(t.app, seller, { name: 'Contested', price: 15.25 });
  const charges = await Promise.all((await buyers('payer', 20)).map((buyer) => chargedBooking(buyer, bookId)));
  const answers = await Promise.all(charges.map((charge) => recordCharge(t.app, charge.buyer, charge)));
  answers.forEach(expectClearAnswer);
  expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
  for (const answer of answers.filter((one) => one.statusCode !== 200)) {
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe('This book was sold to another buyer meanwhile. Your payment of $15.25 has been refunded.');
  }
  const winner = charges[answers.findIndex((answer) => answer.statusCode === 200)];

  const paid = await t.testDb.db.query<{ id: string }>('select id from bookings where book_id = $1 and paid', [bookId]);
  expect(paid.map((row) => row.id)).toEqual([winner.bookingId]);
  expect(await recordedTransactions(charges.map((charge) => charge.transactionId))).toEqual([winner.transactionId]);
  const refunds = await sandboxRefunds();
  for (const charge of charges) {
    expect(refunds.get(charge.transactionId)).toEqual(charge === winner ? undefined : [1525]);
  }
}, 120_000);

/** When the seller's delete is sent, against the 6 buyers' recordings of their charges. */
const DELETE_MOMENTS = {
  'before them': 'first',
  'right after them': 'last',
  'once the first of them is answered': 'afterFirstAnswer',
} as const;

it.each(Object.entries(DELETE_MOMENTS))(
  'a seller deleting the book while 6 buyers pay (delete sent %s): every charge recorded or refunded',
  async (_, moment) => {
    const bookId = await addProduct(t.app, seller, { name: `Withdrawn ${moment}`, price: 11 });
    const charges = await Promise.all((await buyers(`withdrawn-${moment}`, 6)).map((buyer) => chargedBooking(buyer, bookId)));
    const deleteBook = () => t.app.inject({ method: 'DELETE', url: `/products/${bookId}`, headers: seller.headers });
    const first = moment === 'first' ? deleteBook() : undefined;
    const recordings = charges.map((charge) => recordCharge(t.app, charge.buyer, charge));
    const deletion = first ?? (moment === 'last' ? deleteBook() : Promise.any(recordings).then(deleteBook));
    const [deleted, ...answers] = await Promise.all([deletion, ...recordings]);
    [deleted, ...answers].forEach(expectClearAnswer);

    const recorded = await recordedTransactions(charges.map((charge) => charge.transactionId));
    const refunds = await sandboxRefunds();
    for (const [index, charge] of charges.entries()) {
      const isRecorded = recorded.includes(charge.transactionId);
      // Exactly one of the two, and a refund gives back the whole charge, once.
      expect({ isRecorded, refunded: refunds.get(charge.transactionId) }).toEqual({ isRecorded, refunded: isRecorded ? undefined : [1100] });
      expect(answers[index].statusCode).toBe(isRecorded ? 200 : 409);
    }
    // The book went away and nobody has it, or it went to one buyer and stayed (the delete refused).
    if (deleted.statusCode === 200) {
      expect(recorded).toEqual([]);
    } else {
      expect(deleted.statusCode).toBe(409);
      expect(recorded).toHaveLength(1);
    }
    if (moment === 'afterFirstAnswer') expect(deleted.statusCode).toBe(409);
  },
  120_000,
);
