/**
 * @jest-environment jest-fixed-jsdom
 *
 * The hosted onboarding page as a browser gets it, queried by role and label: what it asks for,
 * the problems it reports (each tied to its field), and where it sends the browser afterwards.
 */
import { getByLabelText, getByRole, queryByRole } from '@testing-library/dom';
import { type StripeSandbox, startStripeSandbox } from './server';

const RETURN_URL = 'http://127.0.0.1:8080/seller/payouts?onboarding=done';
const REFRESH_URL = 'http://127.0.0.1:8080/seller/payouts?onboarding=again';
let sandbox: StripeSandbox;

beforeAll(async () => {
  sandbox = await startStripeSandbox({ port: 0 });
});
afterAll(() => sandbox.close());

afterEach(() => {
  document.body.replaceChildren();
});

async function call(path: string, fields: Record<string, string>): Promise<Record<string, string>> {
  const response = await fetch(`${sandbox.url}${path}`, {
    method: 'POST',
    headers: { Authorization: 'Bearer sk_test_sandbox', 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return (await response.json()) as Record<string, string>;
}

/** A fresh account's onboarding URL. */
async function onboardingUrl(): Promise<string> {
  const account = await call('/v1/accounts', { type: 'express', 'capabilities[transfers][requested]': 'true' });
  const link = await call('/v1/account_links', { account: account.id, refresh_url: REFRESH_URL, return_url: RETURN_URL, type: 'account_onboarding' });
  return link.url;
}

/** Puts the page's body in this document (for the queries) and answers the parsed page. */
function show(html: string): Document {
  const page = new DOMParser().parseFromString(html, 'text/html');
  document.body.replaceChildren(...[...page.body.childNodes].map((node) => document.importNode(node, true)));
  return page;
}

/** The text of the elements an input's aria-describedby names. */
function description(input: HTMLElement): string {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? `(missing #${id})`).join(' ');
}

const submit = (url: string, fields: Record<string, string>) =>
  fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });

const good = { first_name: 'Jenny', last_name: 'Rosen', routing_number: '110000000', account_number: '000123456789', tos_acceptance: 'accepted' };

describe('the onboarding page', () => {
  it('is a self-contained, labelled form in English with the test details prefilled or listed', async () => {
    const response = await fetch(await onboardingUrl());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    const page = show(await response.text());
    expect(page.documentElement.lang).toBe('en');
    expect(page.title).toBe('Stripe test mode: set up payouts');
    expect(page.querySelectorAll('script, link, img, iframe, [src]')).toHaveLength(0);
    expect(page.querySelector('style')?.textContent).toMatch(/:focus-visible/);

    getByRole(document.body, 'heading', { level: 1, name: 'Stripe test mode: set up payouts' });
    expect(getByLabelText(document.body, 'First name')).toHaveProperty('required', true);
    expect(getByLabelText(document.body, 'Last name')).toHaveProperty('required', true);
    expect(getByLabelText(document.body, 'Routing number')).toHaveProperty('value', '110000000');
    const accountNumber = getByLabelText(document.body, 'Account number');
    expect(accountNumber).toHaveProperty('value', '');
    expect(description(accountNumber)).toMatch(/000123456789: payouts succeed.*000111111116: payouts fail \(no_account\)/);
    const agreement = getByRole(document.body, 'checkbox', { name: 'I accept the Stripe Connected Account Agreement' });
    expect(agreement).toHaveProperty('required', true);
    const button = getByRole(document.body, 'button', { name: 'Save and continue' });
    expect(button.closest('form')?.getAttribute('method')).toBe('post');
    expect(queryByRole(document.body, 'alert')).toBeNull();
  });

  it('re-renders with a 400 and each problem tied to its field, keeping what was typed', async () => {
    const url = await onboardingUrl();
    const response = await submit(url, { first_name: ' ', last_name: 'Rosen', routing_number: '12345', account_number: '000000000000' });
    expect(response.status).toBe(400);
    const page = show(await response.text());
    expect(page.title).toBe('Error: Stripe test mode: set up payouts');
    const problems: Array<[string, string]> = [
      ['First name', 'Enter your first name.'],
      ['Routing number', 'The routing number must be 9 digits.'],
      ['Account number', 'In test mode, use one of the test account numbers listed.'],
      ['I accept the Stripe Connected Account Agreement', 'Accept the Stripe Connected Account Agreement to continue.'],
    ];
    for (const [label, message] of problems) {
      const field = getByLabelText(document.body, label);
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(description(field)).toContain(message);
    }
    expect(getByLabelText(document.body, 'Last name').getAttribute('aria-invalid')).toBeNull();
    expect(getByLabelText(document.body, 'Last name')).toHaveProperty('value', 'Rosen');
    expect(getByLabelText(document.body, 'Account number')).toHaveProperty('value', '000000000000');
    expect(getByRole(document.body, 'alert').textContent).toContain('Enter your first name.');

    const wrongBank = await submit(url, { ...good, routing_number: '110000001' });
    expect(wrongBank.status).toBe(400);
    show(await wrongBank.text());
    expect(description(getByLabelText(document.body, 'Routing number'))).toContain('In test mode, use the routing number 110000000.');

    // Problems do not use the link up.
    const done = await submit(url, good);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(RETURN_URL);
    const reused = await fetch(url, { redirect: 'manual' });
    expect(reused.status).toBe(303);
    expect(reused.headers.get('location')).toBe(REFRESH_URL);
  });

  it('answers an unknown link with a 404 page', async () => {
    const response = await fetch(`${sandbox.url}/connect/onboarding/doesnotexist`);
    expect(response.status).toBe(404);
    show(await response.text());
    getByRole(document.body, 'heading', { level: 1, name: 'Onboarding link not found' });
  });
});
