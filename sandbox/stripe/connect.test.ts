/**
 * Connect accounts and their onboarding, driven by the real `stripe` SDK as the API server drives
 * them: an Express account, an Account Link, the hosted page filled in, and the signed
 * `account.updated` event that tells the platform the account can now be paid.
 */
import Stripe from 'stripe';
import { ONBOARDING_REQUIREMENTS } from './accounts';
import { type StripeSandbox, startStripeSandbox } from './server';
import {
  REFRESH_URL,
  RETURN_URL,
  accountWithLink,
  goodForm,
  rejection,
  sdk,
  startReceiver,
  submitOnboarding,
  verifiedEvent,
} from './test-kit';

const WEBHOOK_SECRET = 'whsec_connect_test';
let sandbox: StripeSandbox;
let stripe: Stripe;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  receiver = await startReceiver();
  sandbox = await startStripeSandbox({ port: 0, webhookUrl: receiver.url, webhookSecret: WEBHOOK_SECRET });
  stripe = sdk(sandbox);
});

afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});

const eventsOf = (type: string) =>
  receiver.received.map((delivery) => verifiedEvent(delivery, WEBHOOK_SECRET)).filter((event) => event.type === type);

describe('accounts', () => {
  it('creates an Express account that can do nothing until onboarded, and reads it back', async () => {
    const { account } = await accountWithLink(stripe);
    expect(account.id).toMatch(/^acct_[A-Za-z0-9]{16}$/);
    expect(account).toMatchObject({
      object: 'account',
      type: 'express',
      country: 'US',
      email: 'seller@example.com',
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      capabilities: { transfers: 'inactive' },
      metadata: { sellerId: 'seller-1' },
      external_accounts: { object: 'list', data: [] },
      requirements: {
        currently_due: ONBOARDING_REQUIREMENTS,
        eventually_due: ONBOARDING_REQUIREMENTS,
        past_due: ONBOARDING_REQUIREMENTS,
        disabled_reason: 'requirements.past_due',
        errors: [],
      },
    });
    expect(await stripe.accounts.retrieve(account.id)).toEqual(account);
  });

  it('merges metadata on update, and answers 404 for an unknown account', async () => {
    const { account } = await accountWithLink(stripe);
    const updated = await stripe.accounts.update(account.id, { metadata: { sellerId: '', shop: 'k-1' } });
    expect(updated.metadata).toEqual({ shop: 'k-1' });
    expect(await rejection(stripe.accounts.retrieve('acct_missing'))).toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });

  it('refuses a missing or unknown type and a bad email', async () => {
    expect(await rejection(stripe.accounts.create({ country: 'US' }))).toMatchObject({
      statusCode: 400, code: 'parameter_missing', param: 'type',
    });
    expect(await rejection(stripe.accounts.create({ type: 'platinum' }))).toMatchObject({ statusCode: 400, param: 'type' });
    expect(await rejection(stripe.accounts.create({ type: 'express', email: 'not-an-email' }))).toMatchObject({
      statusCode: 400, code: 'email_invalid', param: 'email',
    });
  });

  it('makes one account per idempotency key', async () => {
    const params: Stripe.AccountCreateParams = { type: 'express', email: 'once@example.com' };
    const first = await stripe.accounts.create(params, { idempotencyKey: 'seller-account-s1' });
    const again = await stripe.accounts.create(params, { idempotencyKey: 'seller-account-s1' });
    expect(again.id).toBe(first.id);
  });
});

describe('account links', () => {
  it('answers a link to the sandbox’s own onboarding page that expires after 5 minutes', async () => {
    const { link } = await accountWithLink(stripe);
    expect(link).toMatchObject({ object: 'account_link' });
    expect(link.expires_at - link.created).toBe(300);
    expect(link.url).toMatch(new RegExp(`^${sandbox.url}/connect/onboarding/[A-Za-z0-9]{32}$`));
  });

  it.each([
    [{ account: undefined, refresh_url: REFRESH_URL, return_url: RETURN_URL, type: 'account_onboarding' }, 'parameter_missing', 'account'],
    [{ account: 'acct_missing', refresh_url: REFRESH_URL, return_url: RETURN_URL, type: 'account_onboarding' }, 'resource_missing', 'account'],
    [{ refresh_url: REFRESH_URL, return_url: RETURN_URL }, 'parameter_missing', 'type'],
    [{ refresh_url: REFRESH_URL, return_url: 'not a url', type: 'account_onboarding' }, 'url_invalid', 'return_url'],
    [{ return_url: RETURN_URL, type: 'account_onboarding' }, 'parameter_missing', 'refresh_url'],
  ])('refuses %j with a 400 %s', async (params, code, param) => {
    const { account } = await accountWithLink(stripe);
    const error = await rejection(stripe.accountLinks.create({ account: account.id, ...params } as Stripe.AccountLinkCreateParams));
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ statusCode: 400, code, param });
  });
});

describe('onboarding', () => {
  it('enables the account once the form is sent, tells the platform with account.updated, and redirects back', async () => {
    const { account, link } = await accountWithLink(stripe);
    const page = await fetch(link.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');

    const answer = await submitOnboarding(link.url, goodForm());
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(RETURN_URL);

    const enabled = await stripe.accounts.retrieve(account.id);
    expect(enabled).toMatchObject({
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
      capabilities: { transfers: 'active' },
      requirements: { currently_due: [], eventually_due: [], past_due: [], disabled_reason: null },
      tos_acceptance: { ip: '127.0.0.1' },
    });
    expect(enabled.external_accounts?.data).toEqual([
      expect.objectContaining({
        object: 'bank_account', last4: '6789', routing_number: '110000000', bank_name: 'STRIPE TEST BANK',
        account_holder_name: 'Jenny Rosen', currency: 'usd', account: account.id,
      }),
    ]);

    await sandbox.webhooksSettled();
    const [event] = eventsOf('account.updated').filter((candidate) => candidate.account === account.id);
    expect(event).toMatchObject({ object: 'event', account: account.id, livemode: false, data: { object: { id: account.id, payouts_enabled: true } } });
    expect((event as Stripe.AccountUpdatedEvent).data.previous_attributes).toMatchObject({
      payouts_enabled: false, charges_enabled: false, details_submitted: false, capabilities: { transfers: 'inactive' },
    });
  });

  it('sends a used link, and an expired one, to its refresh_url', async () => {
    const { link } = await accountWithLink(stripe);
    expect((await submitOnboarding(link.url, goodForm())).status).toBe(303);
    const again = await fetch(link.url, { redirect: 'manual' });
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe(REFRESH_URL);

    const quick = await startStripeSandbox({ port: 0, accountLinkLifetimeMs: 50 });
    try {
      const { link: short } = await accountWithLink(sdk(quick));
      expect(short.expires_at - short.created).toBe(1);
      expect((await fetch(short.url, { redirect: 'manual' })).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 80));
      const expired = await submitOnboarding(short.url, goodForm());
      expect(expired.status).toBe(303);
      expect(expired.headers.get('location')).toBe(REFRESH_URL);
    } finally {
      await quick.close();
    }
  });
});

describe('the Stripe-Account header', () => {
  it('answers 403 account_invalid for an account the platform does not have', async () => {
    const error = await rejection(stripe.balance.retrieve({}, { stripeAccount: 'acct_unknown' }));
    expect(error).toBeInstanceOf(Stripe.errors.StripePermissionError);
    expect(error).toMatchObject({ statusCode: 403, code: 'account_invalid' });
    expect(error.message).toMatch(/does not have access to account 'acct_unknown'/);
  });

  it('refuses platform-only calls made on a connected account', async () => {
    const { account } = await accountWithLink(stripe);
    const error = await rejection(stripe.paymentIntents.create({ amount: 1000, currency: 'usd' }, { stripeAccount: account.id }));
    expect(error).toMatchObject({ statusCode: 400, type: 'StripeInvalidRequestError' });
    expect(error.message).toMatch(/for the platform only/);
  });
});
