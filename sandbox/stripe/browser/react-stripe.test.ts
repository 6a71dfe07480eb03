/**
 * @jest-environment jest-fixed-jsdom
 *
 * The sandbox behind the same libraries the checkout uses: `loadStripe` from
 * @stripe/stripe-js/pure picks up the sandbox `window.Stripe` (no script injected, no version
 * warning) and react-stripe-js's <Elements>/<CardElement>/useElements drive it.
 */
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createElement, useState } from 'react';
import { type StripeSandbox, startStripeSandbox } from '../server';
import { installStripe } from './stripe-js';

let sandbox: StripeSandbox;

beforeAll(async () => {
  sandbox = await startStripeSandbox({ port: 0, clientOrigins: ['*'] });
  installStripe(window, sandbox.url);
});
afterAll(() => sandbox.close());

function typeInto(input: HTMLElement, text: string): void {
  if (!(input instanceof HTMLInputElement)) throw new Error('not an input');
  for (const character of text) {
    input.value += character;
    input.setSelectionRange(input.value.length, input.value.length);
    fireEvent(input, new InputEvent('input', { bubbles: true, inputType: 'insertText', data: character }));
  }
}

function Checkout({ clientSecret }: { clientSecret: string }) {
  const stripe = useStripe();
  const elements = useElements();
  const [message, setMessage] = useState('');
  const [ready, setReady] = useState(false);
  const pay = async () => {
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return setMessage('not ready');
    const result = await stripe.confirmCardPayment(clientSecret, { payment_method: { card } });
    setMessage(result.error ? `error: ${result.error.message}` : `paid: ${result.paymentIntent.status}`);
  };
  return createElement(
    'form',
    null,
    createElement(CardElement, {
      options: { hidePostalCode: true },
      onReady: () => setReady(true),
      onChange: (event) => setMessage(event.error?.message ?? ''),
    }),
    createElement('button', { type: 'button', onClick: () => void pay(), disabled: !ready }, 'Pay'),
    createElement('p', { role: 'status' }, message),
  );
}

it('pays through loadStripe + react-stripe-js against the sandbox', async () => {
  const warn = jest.spyOn(console, 'warn');
  const stripePromise = loadStripe('pk_test_sandbox');
  const stripe = await stripePromise;
  expect(document.querySelectorAll('script')).toHaveLength(0);
  expect(warn).not.toHaveBeenCalled();
  expect(Reflect.get(stripe ?? {}, '_sandbox')).toMatchObject({
    apiBase: sandbox.url,
    wrappers: [expect.objectContaining({ name: 'stripe-js' })],
  });

  const intent = (await (
    await fetch(`${sandbox.url}/v1/payment_intents`, {
      method: 'POST',
      headers: { Authorization: 'Bearer sk_test_sandbox', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'amount=4200&currency=usd&metadata[bookingId]=b-1',
    })
  ).json()) as { client_secret: string };

  render(createElement(Elements, { stripe: stripePromise }, createElement(Checkout, { clientSecret: intent.client_secret })));
  const number = await screen.findByLabelText('Card number');
  expect(screen.getByPlaceholderText('MM / YY')).toBeTruthy();
  const payButton = screen.getByRole('button', { name: 'Pay' });
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 10));
  });
  expect(payButton.hasAttribute('disabled')).toBe(false);

  act(() => typeInto(number, '4242424242424241'));
  expect(screen.getByRole('status').textContent).toBe('Your card number is invalid.');

  act(() => {
    (number as HTMLInputElement).value = '';
    fireEvent(number, new InputEvent('input', { bubbles: true, inputType: 'deleteContentBackward' }));
    typeInto(number, '4242424242424242');
    typeInto(screen.getByLabelText('MM / YY'), `04${String(new Date().getFullYear() + 3).slice(2)}`);
    typeInto(screen.getByLabelText('CVC'), '321');
  });
  expect(screen.getByRole('status').textContent).toBe('');

  fireEvent.click(payButton);
  expect((await screen.findByText(/^paid:/)).textContent).toBe('paid: succeeded');
  expect(Reflect.get(stripe ?? {}, '_sandbox').wrappers).toContainEqual(expect.objectContaining({ name: 'react-stripe-js' }));
  warn.mockRestore();
});
