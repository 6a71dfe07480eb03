import { idTokenFor } from './fakes';
import { ADMIN_EMAIL, buildTestApp, signUp, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const postUser = (payload: object, idToken?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/users',
    headers: idToken ? { authorization: `Bearer ${idToken}` } : {},
    payload,
  });

const getJwt = (email: string, idToken?: string) =>
  t.app.inject({ url: `/jwt?email=${encodeURIComponent(email)}`, headers: idToken ? { authorization: `Bearer ${idToken}` } : {} });

describe('POST /users (sign-up)', () => {
  it('stores a new user and answers its id', async () => {
    const response = await postUser({ name: 'Ann', email: 'ann@test.dev', role: 'seller' }, idTokenFor('ann@test.dev'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ acknowledged: true, insertedId: expect.stringMatching(/^[0-9a-f]{24}$/) });
  });

  it('needs an ID token (hole: anyone could create any user record)', async () => {
    const response = await postUser({ name: 'Eve', email: 'eve@test.dev', role: 'Buyer' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it('refuses an email other than the ID token one', async () => {
    const response = await postUser({ name: 'Eve', email: 'victim@test.dev', role: 'Buyer' }, idTokenFor('eve@test.dev'));
    expect(response.statusCode).toBe(403);
  });

  it('refuses any role but Buyer or seller (hole: the caller chose admin)', async () => {
    const response = await postUser({ name: 'Mal', email: 'mal@test.dev', role: 'admin' }, idTokenFor('mal@test.dev'));
    expect(response.statusCode).toBe(400);
    const buyerCheck = await getJwt('mal@test.dev', idTokenFor('mal@test.dev'));
    expect(buyerCheck.statusCode).toBe(404); // nothing was stored
  });

  it('is idempotent per email (hole: a repeat sign-up duplicated the user)', async () => {
    const first = await postUser({ name: 'Rep', email: 'rep@test.dev', role: 'Buyer' }, idTokenFor('rep@test.dev'));
    const again = await postUser({ name: 'Rep 2', email: 'REP@test.dev', role: 'seller' }, idTokenFor('rep@test.dev'));
    expect(again.statusCode).toBe(200);
    expect(again.json().insertedId).toBe(first.json().insertedId);
    const rep = await signUp(t.app, 'rep@test.dev');
    const seller = await t.app.inject({ url: '/users/seller/rep@test.dev', headers: rep.headers });
    expect(seller.json()).toEqual({ isSeller: false }); // the repeat did not upgrade the role
    const admin = await signUp(t.app, ADMIN_EMAIL);
    const buyers = await t.app.inject({ url: '/buyer', headers: admin.headers });
    expect(buyers.json().filter((user: { email: string }) => user.email === 'rep@test.dev')).toHaveLength(1);
  });

  it('makes ADMIN_EMAILS admins whatever role they ask for', async () => {
    const admin = await signUp(t.app, ADMIN_EMAIL, 'Buyer');
    const check = await t.app.inject({ url: `/users/admin/${ADMIN_EMAIL}`, headers: admin.headers });
    expect(check.json()).toEqual({ isAdmin: true });
  });

  it('does not make an admin of someone who only typed an ADMIN_EMAILS address, in any mode (hole: unproven email)', async () => {
    const email = 'boss@test.dev';
    const unverified = `test-unverified:uid-boss:${email}`;
    for (const config of [{}, { firebaseAuthEmulatorHost: '127.0.0.1:9099' }]) {
      const shop = await buildTestApp({ adminEmails: [email], ...config });
      try {
        const signUpAs = await shop.app.inject({
          method: 'POST', url: '/users', headers: { authorization: `Bearer ${unverified}` }, payload: { name: 'Boss', email, role: 'Buyer' },
        });
        expect(signUpAs.statusCode).toBe(403);
        expect((await shop.app.inject({ url: `/jwt?email=${email}`, headers: { authorization: `Bearer ${unverified}` } })).statusCode).toBe(403);
        expect(await shop.testDb.db.query('select id from users where email = $1', [email])).toEqual([]);
      } finally {
        await shop.close();
      }
    }
  });
});

describe('GET /jwt (sign-in)', () => {
  it('issues an access token for the ID token owner', async () => {
    await postUser({ name: 'Jo', email: 'jo@test.dev', role: 'Buyer' }, idTokenFor('jo@test.dev'));
    const response = await getJwt('jo@test.dev', idTokenFor('jo@test.dev'));
    expect(response.statusCode).toBe(200);
    const { accessToken } = response.json<{ accessToken: string }>();
    expect(accessToken.split('.')).toHaveLength(3);
    const me = await t.app.inject({ url: '/users/seller/jo@test.dev', headers: { authorization: `bearer ${accessToken}` } });
    expect(me.json()).toEqual({ isSeller: false });
  });

  it('needs proof of identity (hole: a token for any existing email, no proof asked)', async () => {
    await postUser({ name: 'Vic', email: 'vic@test.dev', role: 'seller' }, idTokenFor('vic@test.dev'));
    expect((await getJwt('vic@test.dev')).statusCode).toBe(401);
    expect((await getJwt('vic@test.dev', 'forged-token')).statusCode).toBe(401);
    expect((await getJwt('vic@test.dev', idTokenFor('attacker@test.dev'))).statusCode).toBe(403);
  });

  it('answers 404 for a signed-in identity without a user record', async () => {
    const response = await getJwt('nobody@test.dev', idTokenFor('nobody@test.dev'));
    expect(response.statusCode).toBe(404);
  });

  it('matches emails case-insensitively', async () => {
    await postUser({ name: 'Case', email: 'case@test.dev', role: 'Buyer' }, 'test:uid-case:Case@Test.dev');
    expect((await getJwt('CASE@test.dev', 'test:uid-case:case@TEST.dev')).statusCode).toBe(200);
  });
});

describe('role checks', () => {
  it('answer isAdmin and isSeller for the caller', async () => {
    const seller = await signUp(t.app, 'sel@test.dev', 'seller');
    expect((await t.app.inject({ url: '/users/seller/sel@test.dev', headers: seller.headers })).json()).toEqual({ isSeller: true });
    expect((await t.app.inject({ url: '/users/admin/sel@test.dev', headers: seller.headers })).json()).toEqual({ isAdmin: false });
  });

  it("do not reveal other users' roles to non-admins", async () => {
    const buyer = await signUp(t.app, 'nosy@test.dev');
    const response = await t.app.inject({ url: '/users/admin/sel@test.dev', headers: buyer.headers });
    expect(response.statusCode).toBe(403);
  });

  it('let an admin check anyone', async () => {
    const admin = await signUp(t.app, ADMIN_EMAIL);
    const response = await t.app.inject({ url: '/users/seller/sel@test.dev', headers: admin.headers });
    expect(response.json()).toEqual({ isSeller: true });
  });

  it('refuse a tampered or foreign-key access token', async () => {
    const user = await signUp(t.app, 'tamper@test.dev');
    const [header, , signature] = user.accessToken.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ sub: user.id, email: ADMIN_EMAIL })).toString('base64url');
    const forged = `${header}.${forgedPayload}.${signature}`;
    const response = await t.app.inject({ url: `/users/admin/${ADMIN_EMAIL}`, headers: { authorization: `bearer ${forged}` } });
    expect(response.statusCode).toBe(401);
  });

  it('answer 401, not 500, for a token signed with the right key over a subject no query can hold', async () => {
    const user = await signUp(t.app, 'nul-subject@test.dev');
    const token = await t.app.accessTokens.sign({ userId: `${user.id}\u0000`, email: user.email });
    const response = await t.app.inject({ url: `/users/admin/${user.email}`, headers: { authorization: `bearer ${token}` } });
    expect({ status: response.statusCode, body: response.json() }).toEqual({
      status: 401, body: { message: 'The access token is invalid or expired' },
    });
  });
});
