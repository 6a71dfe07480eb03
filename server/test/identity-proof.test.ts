import { SEED_SELLER } from '../src/catalogue';
import { UNVERIFIED_EMAIL } from '../src/routes/identity';
import { idTokenFor } from './fakes';
import { ADMIN_EMAIL, buildTestApp, signUp, type TestApp } from './helper';

/** Identity is bound to proof: a verified address, one provider account per user record. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const postUser = (email: string, idToken: string, role = 'Buyer') =>
  t.app.inject({ method: 'POST', url: '/users', headers: { authorization: `Bearer ${idToken}` }, payload: { name: 'Someone', email, role } });
const getJwt = (email: string, idToken: string) =>
  t.app.inject({ url: `/jwt?email=${encodeURIComponent(email)}`, headers: { authorization: `Bearer ${idToken}` } });
const unverifiedToken = (uid: string, email: string) => `test-unverified:${uid}:${email}`;

describe('an address nobody confirmed', () => {
  it('gets no user record and no access token (hole: signing up as any address was enough)', async () => {
    const email = 'typed@test.dev';
    const signUpAnswer = await postUser(email, unverifiedToken('uid-typed', email), 'seller');
    expect(signUpAnswer.statusCode).toBe(403);
    expect(signUpAnswer.json()).toEqual({ message: UNVERIFIED_EMAIL });
    expect((await getJwt(email, unverifiedToken('uid-typed', email))).json()).toEqual({ message: UNVERIFIED_EMAIL });
    expect(await t.testDb.db.query('select id from users where email = $1', [email])).toEqual([]);
  });

  it('cannot take over an existing record either', async () => {
    const owner = await signUp(t.app, 'owner@test.dev', 'seller');
    const answer = await getJwt(owner.email, unverifiedToken(`uid-${owner.email}`, owner.email));
    expect(answer.statusCode).toBe(403);
  });
});

describe("the catalogue's store account", () => {
  it('has no admin rights, and nobody holds any right after seeding (hole: the seed made an admin anyone could claim)', async () => {
    const fresh = await buildTestApp();
    try {
      expect(await fresh.testDb.db.query("select email from users where role = 'admin'")).toEqual([]);
      const [store] = await fresh.testDb.db.query<{ role: string; system_account: boolean; firebase_uid: string | null }>(
        'select role, system_account, firebase_uid from users where email = $1', [SEED_SELLER.email],
      );
      expect(store).toEqual({ role: 'seller', system_account: true, firebase_uid: null });
    } finally {
      await fresh.close();
    }
  });

  it('cannot be signed into, even with a verified address (hole: GET /jwt answered an admin token to its email)', async () => {
    const attacker = idTokenFor(SEED_SELLER.email);
    expect((await getJwt(SEED_SELLER.email, attacker)).statusCode).toBe(409);
    expect((await postUser(SEED_SELLER.email, attacker)).statusCode).toBe(409);
    const [store] = await t.testDb.db.query<{ firebase_uid: string | null }>('select firebase_uid from users where email = $1', [SEED_SELLER.email]);
    expect(store.firebase_uid).toBeNull();
  });

  it('still shows its books as verified', async () => {
    const buyer = await signUp(t.app, 'reader@test.dev');
    const books = (await t.app.inject({ url: '/bookCatagoriesId/fiction', headers: buyer.headers })).json<{ seller_name: string; verified: boolean }[]>();
    const storeBooks = books.filter((book) => book.seller_name === SEED_SELLER.name);
    expect(storeBooks.length).toBeGreaterThan(0);
    expect(storeBooks.every((book) => book.verified)).toBe(true);
  });
});

describe('users keyed by their provider account', () => {
  it('a second account with the same email (another provider) is not the same user (hole: the uid was ignored)', async () => {
    const first = await signUp(t.app, 'twin@test.dev', 'seller');
    const other = 'test:uid-other-provider:twin@test.dev';
    expect((await getJwt(first.email, other)).statusCode).toBe(409);
    expect((await postUser(first.email, other)).statusCode).toBe(409);
  });

  it('an older record without an account is linked by email once, at the first verified sign-in', async () => {
    await t.testDb.db.query(
      "insert into users (id, name, email, role) values ('aaaaaaaaaaaaaaaaaaaaaaaa', 'Old', 'old@test.dev', 'seller')",
    );
    const first = await getJwt('old@test.dev', 'test:uid-old:old@test.dev');
    expect(first.statusCode).toBe(200);
    const [row] = await t.testDb.db.query<{ firebase_uid: string }>("select firebase_uid from users where email = 'old@test.dev'");
    expect(row.firebase_uid).toBe('uid-old');
    expect((await getJwt('old@test.dev', 'test:uid-later:old@test.dev')).statusCode).toBe(409);
  });

  it("follows a change of the account's email", async () => {
    const user = await signUp(t.app, 'before@test.dev');
    const renamed = `test:uid-${user.email}:after@test.dev`;
    const answer = await getJwt('after@test.dev', renamed);
    expect(answer.statusCode).toBe(200);
    const me = await t.app.inject({ url: '/users/seller/after@test.dev', headers: { authorization: `bearer ${answer.json().accessToken}` } });
    expect(me.json()).toEqual({ isSeller: false });
  });
});

describe('accounts disabled at the identity provider', () => {
  it('lose API access at the next request (hole: a disabled account kept its access for up to an hour)', async () => {
    const user = await signUp(t.app, 'soon-disabled@test.dev');
    const me = () => t.app.inject({ url: `/users/seller/${user.email}`, headers: user.headers });
    expect((await me()).statusCode).toBe(200);
    t.accounts.disable(`uid-${user.email}`);
    const refused = await me();
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: 'This account is disabled' });
  });

  it('lose access tokens issued before their sessions were revoked', async () => {
    const user = await signUp(t.app, 'revoked@test.dev');
    t.accounts.revokeSessions(`uid-${user.email}`, Date.now() + 1000);
    expect((await t.app.inject({ url: `/users/seller/${user.email}`, headers: user.headers })).statusCode).toBe(401);
  });

  it('answer 503, not access, while the provider cannot be asked', async () => {
    const user = await signUp(t.app, 'unreachable@test.dev');
    t.accounts.unreachable = true;
    try {
      const answer = await t.app.inject({ url: `/users/seller/${user.email}`, headers: user.headers });
      expect(answer.statusCode).toBe(503);
    } finally {
      t.accounts.unreachable = false;
    }
  });
});

describe('ADMIN_EMAILS', () => {
  it('promotes a verified address', async () => {
    const admin = await signUp(t.app, ADMIN_EMAIL);
    expect((await t.app.inject({ url: `/users/admin/${ADMIN_EMAIL}`, headers: admin.headers })).json()).toEqual({ isAdmin: true });
  });
});
