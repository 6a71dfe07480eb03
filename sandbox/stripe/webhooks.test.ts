/**
 * The sandbox sends signed `payment_intent.succeeded` events to a configured URL, as Stripe does,
 * retrying a bounded number of times; with no URL it sends nothing.
 */
import Stripe from 'stripe';
import { type StripeSandbox, type StripeSandboxOptions, startStripeSandbox } from './server';
import { type Received, startReceiver } from './test-kit';

const SECRET = 'whsec_sandbox_test_secret';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

async function sandboxWith(options: StripeSandboxOptions): Promise<{ sandbox: StripeSandbox; stripe: Stripe }> {
  const sandbox = await startStripeSandbox({ port: 0, webhookSecret: SECRET, webhookRetryDelaysMs: [5, 5], ...options });
  cleanups.push(() => sandbox.close());
  return { sandbox, stripe: new Stripe('sk_test_sandbox', { host: '127.0.0.1', port: sandbox.port, protocol: 'http' }) };
}

async function receiver(statuses?: number[]) {
  const started = await startReceiver(statuses);
  cleanups.push(started.close);
  return started;
}

const paid = (stripe: Stripe, metadata: Record<string, string> = {}) =>
  stripe.paymentIntents.create({ amount: 1250, currency: 'usd', metadata, payment_method: 'pm_card_visa', confirm: true });

const verified = ({ body, headers }: Received, secret = SECRET) =>
  Stripe.webhooks.constructEvent(body, String(headers['stripe-signature']), secret);

describe('webhooks from the sandbox', () => {
  it('POSTs a payment_intent.succeeded event signed the way Stripe signs, once the intent succeeds', async () => {
    const target = await receiver();
    const { sandbox, stripe } = await sandboxWith({ webhookUrl: target.url });
    const intent = await stripe.paymentIntents.create({ amount: 1250, currency: 'usd', metadata: { bookingId: 'b1', bookId: 'k1' } });
    await sandbox.webhooksSettled();
    expect(target.received).toEqual([]);

    await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    await sandbox.webhooksSettled();
    expect(target.received).toHaveLength(1);
    const [delivery] = target.received;
    expect(delivery.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(delivery.headers['stripe-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const event = verified(delivery);
    expect(event).toMatchObject({
      object: 'event',
      type: 'payment_intent.succeeded',
      livemode: false,
      data: { object: { id: intent.id, object: 'payment_intent', status: 'succeeded', amount: 1250, metadata: { bookingId: 'b1', bookId: 'k1' } } },
    });
    expect(event.id).toMatch(/^evt_/);
    // Signed with this secret and no other.
    expect(() => verified(delivery, 'whsec_another')).toThrow(Stripe.errors.StripeSignatureVerificationError);
  });

  it('sends nothing for a declined card, and one event when a manual capture succeeds', async () => {
    const target = await receiver();
    const { sandbox, stripe } = await sandboxWith({ webhookUrl: target.url });
    await expect(
      stripe.paymentIntents.create({ amount: 900, currency: 'usd', payment_method: 'pm_card_chargeDeclined', confirm: true }),
    ).rejects.toThrow('Your card was declined.');
    const held = await stripe.paymentIntents.create({
      amount: 900, currency: 'usd', capture_method: 'manual', payment_method: 'pm_card_visa', confirm: true,
    });
    await sandbox.webhooksSettled();
    expect(target.received).toEqual([]);
    await stripe.paymentIntents.capture(held.id);
    await sandbox.webhooksSettled();
    expect(target.received.map((delivery) => verified(delivery).data.object)).toEqual([expect.objectContaining({ id: held.id })]);
  });

  it('retries the same event until the receiver takes it, and gives up after the last retry', async () => {
    const flaky = await receiver([500, 503]);
    const first = await sandboxWith({ webhookUrl: flaky.url });
    const intent = await paid(first.stripe);
    await first.sandbox.webhooksSettled();
    expect(flaky.received).toHaveLength(3);
    const ids = flaky.received.map((delivery) => verified(delivery).id);
    expect(new Set(ids).size).toBe(1);
    expect(verified(flaky.received[2]).data.object).toMatchObject({ id: intent.id });

    const down = await receiver([500, 500, 500, 500, 500]);
    const second = await sandboxWith({ webhookUrl: down.url });
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await paid(second.stripe);
    await second.sandbox.webhooksSettled();
    expect(down.received).toHaveLength(3);
    expect(logged).toHaveBeenCalledWith(expect.stringMatching(/payment_intent\.succeeded evt_\w+ .* failed after 3 attempts: HTTP 500$/));
    logged.mockRestore();
  });

  it('stops retrying when closed', async () => {
    const down = await receiver([500, 500, 500]);
    const sandbox = await startStripeSandbox({ port: 0, webhookUrl: down.url, webhookSecret: SECRET, webhookRetryDelaysMs: [600_000] });
    const stripe = new Stripe('sk_test_sandbox', { host: '127.0.0.1', port: sandbox.port, protocol: 'http' });
    let closed = false;
    cleanups.push(async () => {
      if (!closed) await sandbox.close();
    });
    await paid(stripe);
    for (let tries = 0; tries < 500 && down.received.length === 0; tries += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(down.received).toHaveLength(1);
    // Would wait ten minutes for the retry; closing ends the wait.
    await sandbox.close();
    closed = true;
    await sandbox.webhooksSettled();
    expect(down.received).toHaveLength(1);
  });

  it('sends nothing without a webhook URL', async () => {
    const target = await receiver();
    const quiet = await sandboxWith({});
    const unsent = await paid(quiet.stripe);
    await quiet.sandbox.webhooksSettled();
    // A sandbox that does send, to the same receiver: only its event arrives.
    const sending = await sandboxWith({ webhookUrl: target.url });
    const sent = await paid(sending.stripe);
    await sending.sandbox.webhooksSettled();
    expect(target.received.map((delivery) => (verified(delivery).data.object as Stripe.PaymentIntent).id)).toEqual([sent.id]);
    expect(unsent.status).toBe('succeeded');
  });
});
