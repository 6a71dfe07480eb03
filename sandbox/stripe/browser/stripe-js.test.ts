/**
 * @jest-environment jest-fixed-jsdom
 *
 * The sandbox Stripe.js in a DOM, against a running sandbox service (jest-fixed-jsdom gives
 * the page a real fetch): the card element's inputs, masks and change events, then
 * createPaymentMethod / confirmCardPayment with the test cards.
 */
import { type StripeSandbox, startStripeSandbox } from '../server';
import { buildBrowserScript } from '../browser-bundle';
import type { SandboxStripe } from './stripe-instance';
import { apiBaseFor, installStripe } from './stripe-js';
import type { CardChangeEvent, SandboxCardElement } from './types';

let sandbox: StripeSandbox;
let stripe: SandboxStripe;

beforeAll(async () => {
  sandbox = await startStripeSandbox({ port: 0, clientOrigins: ['*'] });
  stripe = installStripe(window, sandbox.url)('pk_test_sandbox');
});
afterAll(() => sandbox.close());

afterEach(() => {
  document.body.replaceChildren();
});

/** Types like a user at the end of the field: one input event per character. */
function typeInto(input: HTMLInputElement, text: string): void {
  for (const character of text) {
    input.focus();
    input.value += character;
    input.setSelectionRange(input.value.length, input.value.length);
    input.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText', data: character }));
  }
}

function mountCard(options = {}): { card: SandboxCardElement; changes: CardChangeEvent[]; input: (name: string) => HTMLInputElement } {
  const host = document.createElement('div');
  host.id = 'card';
  document.body.append(host);
  const card = stripe.elements().create('card', { hidePostalCode: true, ...options });
  const changes: CardChangeEvent[] = [];
  card.on('change', (event) => changes.push(event as CardChangeEvent));
  card.mount('#card');
  const input = (name: string) => {
    const found = host.querySelector<HTMLInputElement>(`input[aria-label="${name}"]`);
    if (!found) throw new Error(`no input named ${name}`);
    return found;
  };
  return { card, changes, input };
}

function fillCard(input: (name: string) => HTMLInputElement, number: string): void {
  typeInto(input('Card number'), number);
  typeInto(input('MM / YY'), `12${String(new Date().getFullYear() + 2).slice(2)}`);
  typeInto(input('CVC'), '123');
}

async function newPaymentIntent(): Promise<{ id: string; client_secret: string }> {
  const response = await fetch(`${sandbox.url}/v1/payment_intents`, {
    method: 'POST',
    headers: { Authorization: 'Bearer sk_test_sandbox', 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'amount=1999&currency=usd',
  });
  return (await response.json()) as { id: string; client_secret: string };
}

describe('the served script', () => {
  it('defines window.Stripe with the release-train version loadStripe expects', async () => {
    Reflect.deleteProperty(window, 'Stripe');
    window.eval(await buildBrowserScript());
    const Stripe = Reflect.get(window, 'Stripe') as unknown as { version: string; sandbox: boolean } & ((key: string) => SandboxStripe);
    expect(Stripe.version).toBe('endive');
    expect(Stripe.sandbox).toBe(true);
    expect(typeof Stripe('pk_test_sandbox').confirmCardPayment).toBe('function');
    expect(() => Stripe('sk_test_sandbox')).toThrow('You should not use your secret key with Stripe.js.');
  });

  it('derives the service URL from its own src, on any port or path prefix', () => {
    const script = document.createElement('script');
    script.src = 'http://127.0.0.1:4242/v3/';
    expect(apiBaseFor(script, 'http://127.0.0.1:8080/')).toBe('http://127.0.0.1:4242');
    script.src = 'http://localhost:8080/stripe-sandbox/stripe.js?x=1';
    expect(apiBaseFor(script, 'http://localhost:8080/')).toBe('http://localhost:8080/stripe-sandbox');
    expect(apiBaseFor(null, 'http://127.0.0.1:8080/checkout')).toBe('http://127.0.0.1:8080');
  });
});

describe('card element', () => {
  it('renders Card number, MM / YY and CVC inputs (accessible names = placeholders) and fires ready', async () => {
    const { card, input } = mountCard();
    for (const name of ['Card number', 'MM / YY', 'CVC']) expect(input(name).placeholder).toBe(name);
    expect(document.querySelector('#card')?.classList.contains('StripeElement')).toBe(true);
    await new Promise<void>((resolve) => card.on('ready', () => resolve()));
  });

  it('groups digits, masks the expiry, moves on, and reports a complete card', () => {
    const { changes, input } = mountCard();
    typeInto(input('Card number'), '4242424242424242');
    expect(input('Card number').value).toBe('4242 4242 4242 4242');
    expect(document.activeElement).toBe(input('MM / YY'));
    typeInto(input('MM / YY'), '1');
    expect(input('MM / YY').value).toBe('1');
    typeInto(input('MM / YY'), '2');
    expect(input('MM / YY').value).toBe('12 / ');
    typeInto(input('MM / YY'), String(new Date().getFullYear() + 1).slice(2));
    expect(changes.at(-1)).toMatchObject({ elementType: 'card', complete: false, empty: false, brand: 'visa', error: undefined });
    typeInto(input('CVC'), '1234');
    expect(input('CVC').value).toBe('123');
    expect(changes.at(-1)).toMatchObject({ complete: true, error: undefined, value: { postalCode: '' } });
  });

  it('reports Stripe validation errors: invalid number at once, incomplete fields on blur, past year', () => {
    const { changes, input } = mountCard();
    typeInto(input('Card number'), '4242424242424241');
    expect(changes.at(-1)?.error).toEqual({ type: 'validation_error', code: 'invalid_number', message: 'Your card number is invalid.' });
    expect(input('Card number').getAttribute('aria-invalid')).toBe('true');
    expect(document.querySelector('#card')?.classList.contains('StripeElement--invalid')).toBe(true);

    const number = input('Card number');
    number.value = '';
    number.dispatchEvent(new InputEvent('input', { inputType: 'deleteContentBackward' }));
    typeInto(number, '4242');
    number.dispatchEvent(new FocusEvent('blur', { relatedTarget: document.body }));
    expect(changes.at(-1)?.error?.message).toBe('Your card number is incomplete.');

    typeInto(input('MM / YY'), '0120');
    expect(changes.at(-1)?.error?.message).toBe('Your card number is incomplete.');
    typeInto(number, '424242424242');
    expect(changes.at(-1)?.error).toMatchObject({ code: 'invalid_expiry_year_past', message: "Your card's expiration year is in the past." });
  });

  it('shows a ZIP field unless hidePostalCode, and needs it for completeness', () => {
    const { changes, input } = mountCard({ hidePostalCode: false });
    fillCard(input, '4242424242424242');
    expect(changes.at(-1)?.complete).toBe(false);
    typeInto(input('ZIP'), '94107');
    expect(changes.at(-1)).toMatchObject({ complete: true, value: { postalCode: '94107' } });
  });
});

describe('payments from the browser', () => {
  it('refuses an incomplete card locally with a validation_error', async () => {
    const { card, input } = mountCard();
    typeInto(input('Card number'), '4242424242424242');
    const result = await stripe.createPaymentMethod({ type: 'card', card });
    expect(result).toEqual({ error: { type: 'validation_error', code: 'incomplete_expiry', message: "Your card's expiration date is incomplete." } });
  });

  it('creates a PaymentMethod with billing details', async () => {
    const { card, input } = mountCard();
    fillCard(input, '5555555555554444');
    const result = await stripe.createPaymentMethod({ type: 'card', card, billing_details: { name: 'Ada Reader', email: 'ada@example.com' } });
    expect(result).toMatchObject({
      paymentMethod: { object: 'payment_method', card: { brand: 'mastercard', last4: '4444' }, billing_details: { name: 'Ada Reader' } },
    });
  });

  it('confirms a card payment: 4242 succeeds', async () => {
    const intent = await newPaymentIntent();
    const { card, input } = mountCard();
    fillCard(input, '4242424242424242');
    const result = await stripe.confirmCardPayment(intent.client_secret, { payment_method: { card, billing_details: { name: 'Ada' } } });
    expect(result).toMatchObject({ paymentIntent: { id: intent.id, status: 'succeeded', amount: 1999 } });
    expect(await stripe.retrievePaymentIntent(intent.client_secret)).toMatchObject({ paymentIntent: { status: 'succeeded' } });
  });

  it.each([
    ['4000000000000002', 'generic_decline', 'Your card was declined.'],
    ['4000000000009995', 'insufficient_funds', 'Your card has insufficient funds.'],
  ])('confirms a card payment: %s is declined (%s)', async (number, declineCode, message) => {
    const intent = await newPaymentIntent();
    const { card, input } = mountCard();
    fillCard(input, number);
    const result = await stripe.confirmCardPayment(intent.client_secret, { payment_method: { card } });
    expect(result).toMatchObject({
      error: { type: 'card_error', code: 'card_declined', decline_code: declineCode, message, payment_intent: { status: 'requires_payment_method' } },
    });
  });

  it('supports the two-step flow: createPaymentMethod, then confirmCardPayment with its id', async () => {
    const { card, input } = mountCard();
    fillCard(input, '4000000000009995');
    const created = await stripe.createPaymentMethod({ type: 'card', card, billing_details: { email: 'b@example.com' } });
    if (!('paymentMethod' in created)) throw new Error(created.error.message);
    const declined = await stripe.confirmCardPayment((await newPaymentIntent()).client_secret, {
      payment_method: String(created.paymentMethod.id),
    });
    expect(declined).toMatchObject({ error: { decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' } });
  });

  it('refuses a malformed client secret with an IntegrationError', async () => {
    await expect(stripe.confirmCardPayment('not-a-secret')).rejects.toThrow('clientSecret should be a client secret');
  });
});
