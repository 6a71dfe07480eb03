import { addProduct, bookingOf, buildTestApp, pay, signUp, signUpCast, type TestApp } from './helper';

let t: TestApp;
let cast: Awaited<ReturnType<typeof signUpCast>>;
beforeAll(async () => {
  t = await buildTestApp();
  cast = await signUpCast(t.app);
});
afterAll(() => t.close());

const roleOf = async (email: string) => {
  const [admin, seller] = await Promise.all([
    t.app.inject({ url: `/users/admin/${email}`, headers: cast.admin.headers }),
    t.app.inject({ url: `/users/seller/${email}`, headers: cast.admin.headers }),
  ]);
  return { ...admin.json(), ...seller.json() };
};

describe('user lists', () => {
  it('lists sellers (seller or admin) and buyers for an admin', async () => {
    const sellers = (await t.app.inject({ url: '/seller', headers: cast.admin.headers })).json<Array<{ email: string; role: string }>>();
    expect(sellers.map((u) => u.email)).toEqual(expect.arrayContaining(['seller@test.dev', 'other-seller@test.dev']));
    expect(sellers.every((u) => u.role === 'seller' || u.role === 'admin')).toBe(true);
    const buyers = (await t.app.inject({ url: '/buyer', headers: cast.admin.headers })).json<Array<{ email: string; role: string; _id: string; name: string }>>();
    expect(buyers).toContainEqual({ _id: cast.buyer.id, name: 'buyer', email: 'buyer@test.dev', role: 'Buyer' });
  });
});

describe('role changes', () => {
  it('make seller needs an admin (hole: it checked for a seller instead)', async () => {
    const target = await signUp(t.app, 'to-promote@test.dev');
    const bySeller = await t.app.inject({ method: 'PUT', url: `/users/seller/${target.id}`, headers: cast.seller.headers });
    expect(bySeller.statusCode).toBe(403);
    expect(await roleOf(target.email)).toEqual({ isAdmin: false, isSeller: false });
    const byAdmin = await t.app.inject({ method: 'PUT', url: `/users/seller/${target.id}`, headers: cast.admin.headers });
    expect(byAdmin.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect(await roleOf(target.email)).toEqual({ isAdmin: false, isSeller: true });
  });

  it('verify makes a seller admin; the new role applies to the next request with the same token', async () => {
    const seller = await signUp(t.app, 'to-verify@test.dev', 'seller');
    expect((await t.app.inject({ url: '/buyer', headers: seller.headers })).statusCode).toBe(403);
    const verify = await t.app.inject({ method: 'PUT', url: `/users/admin/${seller.id}`, headers: cast.admin.headers });
    expect(verify.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect((await t.app.inject({ url: '/buyer', headers: seller.headers })).statusCode).toBe(200);
  });

  it('changes nothing outside the documented steps, 404 for unknown users', async () => {
    const buyer = await signUp(t.app, 'stays-buyer@test.dev');
    const verify = await t.app.inject({ method: 'PUT', url: `/users/admin/${buyer.id}`, headers: cast.admin.headers });
    expect(verify.json()).toEqual({ acknowledged: true, modifiedCount: 0 });
    const unknown = await t.app.inject({ method: 'PUT', url: `/users/seller/${'0'.repeat(24)}`, headers: cast.admin.headers });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('DELETE /users/admin/:id', () => {
  it('needs an admin (hole: any signed-in user deleted any user)', async () => {
    const victim = await signUp(t.app, 'victim@test.dev');
    for (const actor of [cast.buyer, cast.seller]) {
      const response = await t.app.inject({ method: 'DELETE', url: `/users/admin/${victim.id}`, headers: actor.headers });
      expect(response.statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'DELETE', url: `/users/admin/${victim.id}` })).statusCode).toBe(401);
  });

  it('refuses deleting oneself', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: `/users/admin/${cast.admin.id}`, headers: cast.admin.headers });
    expect(response.statusCode).toBe(400);
  });

  it("removes the user, their unsold books and their own unpaid bookings; their buyers' bookings stay, withdrawn; paid records stay", async () => {
    const leaving = await signUp(t.app, 'leaving-seller@test.dev', 'seller');
    const buyer = await signUp(t.app, 'loyal-buyer@test.dev');
    const unsold = await addProduct(t.app, leaving, { name: 'Unsold Leftover' });
    const sold = await addProduct(t.app, leaving, { name: 'Sold Before Leaving' });
    const openBooking = await bookingOf(t.app, buyer, unsold);
    const paidBooking = await bookingOf(t.app, buyer, sold);
    expect((await pay(t.app, t.stripe, buyer, paidBooking)).response.statusCode).toBe(200);
    // The leaving user also had an unpaid booking as a buyer.
    const ownOpenBooking = await bookingOf(t.app, leaving, await addProduct(t.app, cast.seller));

    const response = await t.app.inject({ method: 'DELETE', url: `/users/admin/${leaving.id}`, headers: cast.admin.headers });
    expect(response.json()).toEqual({ acknowledged: true, deletedCount: 1 });

    expect((await t.app.inject({ url: '/users/seller/leaving-seller@test.dev', headers: cast.admin.headers })).json()).toEqual({ isSeller: false });
    expect((await t.app.inject({ url: '/products', headers: leaving.headers })).statusCode).toBe(401); // token of a deleted user
    const all = (await t.app.inject({ url: '/bookCatagoriesId', headers: buyer.headers })).json<Array<{ _id: string }>>();
    expect(all.map((b) => b._id)).not.toContain(unsold);
    const withdrawn = await t.app.inject({ url: `/bookings/${openBooking}`, headers: buyer.headers });
    expect(withdrawn.json()).toMatchObject({ bookName: 'Unsold Leftover', paid: false, withdrawn: true, bookId: '' });
    expect((await t.app.inject({ url: `/bookings/${ownOpenBooking}`, headers: cast.admin.headers })).statusCode).toBe(404);
    const paid = await t.app.inject({ url: `/bookings/${paidBooking}`, headers: buyer.headers });
    expect(paid.json()).toMatchObject({ paid: true, bookName: 'Sold Before Leaving' });

    const again = await t.app.inject({ method: 'DELETE', url: `/users/admin/${leaving.id}`, headers: cast.admin.headers });
    expect(again.statusCode).toBe(404);
  });
});
