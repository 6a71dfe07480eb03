// Creates the demo shop through the real paths: accounts in the Auth emulator (its REST API),
// then the API with their ID tokens, images through the API's image host, payments through the
// payment sandbox the way the browser's Stripe.js does it, and orders carried on by the moves
// their buyer and seller make (POST /bookings/:id/transitions), as the order page makes them.
// Every step checks what exists first, so running it again changes nothing.
//
//   node scripts/seed-demo.mjs   (API_PORT, AUTH_EMULATOR_PORT, STRIPE_SANDBOX_PORT, ADMIN_EMAILS)
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_ADMIN_EMAIL, DEMO_BUYER_CONTACT, DEMO_CARD, DEMO_ORDERS, DEMO_PRODUCTS, demoAccounts } from './demo-accounts.mjs';

const ASSETS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'demo-assets');
const CALL_TIMEOUT_MS = 20_000;
const EMULATOR_API_KEY = 'demo-api-key';

class SeedError extends Error {}

async function call(url, { method = 'GET', headers = {}, json, form, body } = {}) {
  const init = { method, headers: { ...headers }, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) };
  if (json !== undefined) {
    init.headers['content-type'] = 'application/json';
    init.body = JSON.stringify(json);
  } else if (form !== undefined) {
    init.headers['content-type'] = 'application/x-www-form-urlencoded';
    init.body = new URLSearchParams(form).toString();
  } else if (body !== undefined) {
    init.body = body;
  }
  const response = await fetch(url, init);
  const text = await response.text();
  let data;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = text;
  }
  return { ok: response.ok, status: response.status, data };
}

async function expectOk(what, promise) {
  const answer = await promise;
  if (!answer.ok) {
    const detail = answer.data?.error?.message ?? answer.data?.message ?? JSON.stringify(answer.data);
    throw new SeedError(`${what} failed (${answer.status}): ${detail}`);
  }
  return answer.data;
}

/**
 * Sign in to the emulator, creating the account (with its display name) when it is missing.
 * Demo accounts are created with a confirmed address (the API serves only those), through the
 * emulator's admin endpoint, as a shop's operator would mark them.
 */
async function emulatorAccount(authUrl, projectId, account) {
  const endpoint = (name) => `${authUrl}/identitytoolkit.googleapis.com/v1/accounts:${name}?key=${EMULATOR_API_KEY}`;
  const credentials = { email: account.email, password: account.password, returnSecureToken: true };
  const markVerified = (localId) =>
    expectOk(
      `confirming the address of ${account.email}`,
      call(`${authUrl}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:update`, {
        method: 'POST',
        headers: { authorization: 'Bearer owner' },
        json: { localId, emailVerified: true },
      }),
    );
  const signInAgain = async () =>
    (await expectOk(`signing in ${account.email}`, call(endpoint('signInWithPassword'), { method: 'POST', json: credentials }))).idToken;

  const signIn = await call(endpoint('signInWithPassword'), { method: 'POST', json: credentials });
  if (signIn.ok) {
    // Accounts of an older demo shop were made before addresses had to be confirmed.
    await markVerified(signIn.data.localId);
    return { idToken: await signInAgain(), created: false };
  }
  const reason = signIn.data?.error?.message ?? '';
  if (!/EMAIL_NOT_FOUND|INVALID_LOGIN_CREDENTIALS/.test(reason)) {
    throw new SeedError(`signing in ${account.email} to the Auth emulator failed: ${reason || signIn.status}`);
  }
  const signUp = await expectOk(`creating ${account.email} in the Auth emulator`, call(endpoint('signUp'), { method: 'POST', json: credentials }));
  await expectOk(
    `setting the display name of ${account.email}`,
    call(endpoint('update'), { method: 'POST', json: { idToken: signUp.idToken, displayName: account.name, returnSecureToken: true } }),
  );
  await markVerified(signUp.localId);
  return { idToken: await signInAgain(), created: true };
}

function apiClient(apiUrl) {
  const bearer = (token) => ({ authorization: `bearer ${token}` });
  return {
    async signUpAndSignIn(account, idToken) {
      await expectOk(
        `POST /users for ${account.email}`,
        call(`${apiUrl}/users`, { method: 'POST', headers: bearer(idToken), json: { name: account.name, email: account.email, role: account.role } }),
      );
      const { accessToken } = await expectOk(
        `GET /jwt for ${account.email}`,
        call(`${apiUrl}/jwt?email=${encodeURIComponent(account.email)}`, { headers: bearer(idToken) }),
      );
      return accessToken;
    },
    get: (what, pathname, token) => expectOk(what, call(`${apiUrl}${pathname}`, { headers: bearer(token) })),
    post: (what, pathname, token, json) => expectOk(what, call(`${apiUrl}${pathname}`, { method: 'POST', headers: bearer(token), json })),
    put: (what, pathname, token) => expectOk(what, call(`${apiUrl}${pathname}`, { method: 'PUT', headers: bearer(token) })),
    /** Our own image host takes uploads from signed-in sellers only; another host (imgbb) never sees the token. */
    async upload(fileName, imageHostUrl, imageHostKey, token) {
      const bytes = await fs.readFile(path.join(ASSETS, fileName));
      const form = new FormData();
      form.append('image', new Blob([bytes], { type: 'image/png' }), fileName);
      const headers = new URL(imageHostUrl).origin === new URL(apiUrl).origin ? bearer(token) : {};
      const answer = await expectOk(
        `uploading ${fileName}`,
        call(`${imageHostUrl}?key=${encodeURIComponent(imageHostKey)}`, { method: 'POST', headers, body: form }),
      );
      return answer.data.url;
    },
  };
}

/** Pays a booking as the checkout page does: intent from the API, card via Stripe.js calls, record. */
async function payBooking({ api, stripeUrl, publishableKey, token, booking, email }) {
  const { clientSecret } = await api.post('POST /create-payment-intent', '/create-payment-intent', token, {
    bookingId: booking._id,
    resale_price: booking.resale_price,
  });
  const intentId = clientSecret.split('_secret_')[0];
  const method = await expectOk(
    'creating a payment method in the payment sandbox',
    call(`${stripeUrl}/v1/payment_methods`, {
      method: 'POST',
      form: {
        type: 'card',
        'card[number]': DEMO_CARD.number,
        'card[exp_month]': DEMO_CARD.exp_month,
        'card[exp_year]': DEMO_CARD.exp_year,
        'card[cvc]': DEMO_CARD.cvc,
        'billing_details[email]': email,
        key: publishableKey,
      },
    }),
  );
  const intent = await expectOk(
    'confirming the card payment in the payment sandbox',
    call(`${stripeUrl}/v1/payment_intents/${intentId}/confirm`, {
      method: 'POST',
      form: { payment_method: method.id, client_secret: clientSecret, key: publishableKey },
    }),
  );
  if (intent.status !== 'succeeded') throw new SeedError(`the demo payment ended as ${intent.status}`);
  await api.post('POST /payment', '/payment', token, {
    bookingId: booking._id,
    transactionId: intent.id,
    resale_price: booking.resale_price,
    email,
  });
  return intent.id;
}

/** The states an order passes through to each demo state, by delivery. */
function pathTo(order) {
  const way = order.shipping ? ['booked', 'paid', 'shipped', 'received'] : ['booked', 'paid', 'ready', 'received'];
  const last = order.state === 'disputed' ? 'disputed' : 'completed';
  const path = [...way, last];
  return path.slice(0, path.indexOf(order.state) + 1);
}

/**
 * Carries `booking` on to `order.state`, each step by whoever makes it: the buyer pays, the seller
 * marks a meet-up ready (then enters the buyer's hand-over code) or a parcel shipped, the buyer says
 * it arrived, is content or reports a problem. An order that is elsewhere (a deadline passed in an
 * old demo shop, or someone used the demo accounts) is left as it is. Answers the state reached,
 * or 'no payment' when it would need the payment sandbox and there is none.
 */
async function carryOrder({ api, tokens, stripeUrl, publishableKey, email }, booking, order) {
  const path = pathTo(order);
  let state = booking.state;
  const move = (who, body) =>
    api.post(`marking ${order.book} ${body.to}`, `/bookings/${booking._id}/transitions`, tokens[who], body);
  for (let step = path.indexOf(state); step >= 0 && step < path.length - 1; step += 1) {
    const next = path[step + 1];
    if (next === 'paid') {
      if (!stripeUrl) return 'no payment';
      await payBooking({ api, stripeUrl, publishableKey, token: tokens.buyer, booking, email });
    } else if (next === 'ready') {
      await move('seller', { to: 'ready' });
    } else if (next === 'shipped') {
      await move('seller', { to: 'shipped', ...(order.carrier && { carrier: order.carrier }), ...(order.tracking && { tracking: order.tracking }) });
    } else if (next === 'received' && !order.shipping) {
      // The buyer reads the code out at the meet-up; the seller enters it.
      const { handoverCode } = await api.get(`GET /bookings/${booking._id}`, `/bookings/${booking._id}`, tokens.buyer);
      if (!handoverCode) throw new SeedError(`the buyer of ${order.book} was shown no hand-over code`);
      await move('seller', { to: 'received', code: handoverCode });
    } else if (next === 'received') {
      await move('buyer', { to: 'received' });
    } else if (next === 'completed') {
      await move('buyer', { to: 'completed' });
    } else if (next === 'disputed') {
      await move('buyer', { to: 'disputed', reason: order.reason });
    }
    state = next;
  }
  return state;
}

/**
 * Seeds the demo shop; returns a list of what it did (empty when everything was there).
 * `stripeUrl` unset means no payment sandbox: the demo orders stay booked, unpaid.
 */
export async function seedDemo({
  apiUrl,
  authUrl,
  projectId = 'demo-book-resale',
  stripeUrl,
  adminEmail = DEFAULT_ADMIN_EMAIL,
  imageHostUrl = `${apiUrl}/image-host/1/upload`,
  imageHostKey = 'book-resale-local',
  publishableKey = 'pk_test_sandbox',
  log = console.log,
}) {
  const done = [];
  const api = apiClient(apiUrl);
  const accounts = Object.fromEntries(demoAccounts(adminEmail).map((account) => [account.key, account]));
  const tokens = {};
  for (const account of Object.values(accounts)) {
    const { idToken, created } = await emulatorAccount(authUrl, projectId, account);
    tokens[account.key] = await api.signUpAndSignIn(account, idToken);
    if (created) done.push(`account ${account.email}`);
  }

  // The admin verifies the demo seller ("Make Admin seller verify" makes the role admin).
  const sellers = await api.get('GET /seller', '/seller', tokens.admin);
  const seller = sellers.find((user) => user.email === accounts.seller.email);
  if (!seller) throw new SeedError(`${accounts.seller.email} is not in the seller list; is ${adminEmail} an admin (ADMIN_EMAILS)?`);
  if (seller.role !== 'admin') {
    await api.put('verifying the demo seller', `/users/admin/${seller._id}`, tokens.admin);
    done.push(`verified ${accounts.seller.email}`);
  }

  const listed = new Set((await api.get('GET /products', '/products', tokens.seller)).map((product) => product.name));
  for (const { imageFile, ...product } of DEMO_PRODUCTS) {
    if (listed.has(product.name)) continue;
    const image = await api.upload(imageFile, imageHostUrl, imageHostKey, tokens.seller);
    await api.post(`adding ${product.name}`, '/products', tokens.seller, { ...product, image });
    done.push(`product ${product.name}`);
  }

  const buyer = accounts.buyer;
  const bookingsOf = () => api.get('GET /bookings', `/bookings?email=${encodeURIComponent(buyer.email)}`, tokens.buyer);
  let bookings = await bookingsOf();
  for (const order of DEMO_ORDERS) {
    if (bookings.some((entry) => entry.bookName === order.book)) continue;
    const product = DEMO_PRODUCTS.find((entry) => entry.name === order.book);
    const books = await api.get('GET /bookCatagoriesId', `/bookCatagoriesId/${product.category}`, tokens.buyer);
    const book = books.find((entry) => entry.name === order.book);
    if (!book) {
      log(`"${order.book}" is not on sale any more; no demo order for it`);
      continue;
    }
    await api.post(`booking ${order.book}`, '/bookings', tokens.buyer, {
      bookId: book._id,
      bookName: book.name,
      cusTomername: buyer.name,
      email: buyer.email,
      phone: DEMO_BUYER_CONTACT.phone,
      location: DEMO_BUYER_CONTACT.location,
      resale_price: book.resale_price,
      delivery: order.shipping ? { method: 'shipping', address: DEMO_BUYER_CONTACT.address } : { method: 'meetup' },
    });
    done.push(`booking ${order.book}`);
  }

  // Each order goes on from where it is to its demo state, one move at a time.
  bookings = await bookingsOf();
  let unpaid = 0;
  for (const order of DEMO_ORDERS) {
    const booking = bookings.find((entry) => entry.bookName === order.book);
    if (!booking) continue;
    const moves = { api, tokens, stripeUrl, publishableKey, email: buyer.email };
    const reached = await carryOrder(moves, booking, order);
    if (reached === 'no payment') unpaid += 1;
    else if (reached !== booking.state) done.push(`order ${order.book} ${booking.state} → ${reached}`);
  }
  if (unpaid > 0) log(`no payment sandbox: ${unpaid} demo order${unpaid === 1 ? '' : 's'} stay unpaid`);
  return done;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const env = process.env;
  const adminEmail = (env.ADMIN_EMAILS ?? DEFAULT_ADMIN_EMAIL).split(',')[0].trim() || DEFAULT_ADMIN_EMAIL;
  seedDemo({
    apiUrl: `http://127.0.0.1:${env.API_PORT ?? 5000}`,
    authUrl: `http://127.0.0.1:${env.AUTH_EMULATOR_PORT ?? 9099}`,
    stripeUrl: env.STRIPE_SECRET_KEY ? undefined : `http://127.0.0.1:${env.STRIPE_SANDBOX_PORT ?? 12111}`,
    adminEmail,
  }).then(
    (done) => console.log(done.length ? `Demo data: ${done.join(', ')}` : 'Demo data already present.'),
    (error) => {
      console.error(error instanceof SeedError ? error.message : error);
      process.exit(1);
    },
  );
}
