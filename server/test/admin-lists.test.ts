import { buildTestApp, signUp, signUpCast, type TestApp } from './helper';
import { hexId, injectable, nextLink, walk } from './pagingSupport';

let t: TestApp;
let cast: Awaited<ReturnType<typeof signUpCast>>;

interface WireUser {
  _id: string;
  name: string;
  email: string;
  role: string;
}

/** Buyers with names and emails that sort differently from their joining order. */
const PEOPLE = [
  { name: 'zoe Quinn', email: 'a.zoe@test.dev' },
  { name: 'Ada Lovelace', email: 'm.ada@test.dev' },
  { name: 'bob_builder', email: 'c.bob@test.dev' },
  { name: 'Ben 100%', email: 'z.ben@test.dev' },
  { name: 'ada king', email: 'b.king@test.dev' },
];

beforeAll(async () => {
  t = await buildTestApp();
  cast = await signUpCast(t.app);
  for (const person of PEOPLE) {
    const user = await signUp(t.app, person.email);
    await t.testDb.db.query('update users set name = $2 where id = $1', [user.id, person.name]);
  }
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ url, headers: cast.admin.headers });
const list = async (url: string) => {
  const response = await get(url);
  expect(response.statusCode).toBe(200);
  return response.json<WireUser[]>();
};
const handMade = (cursor: object) => Buffer.from(JSON.stringify(cursor)).toString('base64url');
const emails = (users: WireUser[]) => users.map((user) => user.email);
const buyersNow = async () => (await walk<WireUser>(t.app, '/buyer?limit=200', cast.admin.headers)).flat();

describe('admin user lists', () => {
  it('answer a plain array in joining order with the total, without a link when all fit', async () => {
    const response = await get('/buyer');
    const buyers = response.json<WireUser[]>();
    // The admin signed up as a Buyer and became admin, so it is not among them.
    expect(emails(buyers)).toEqual(['buyer@test.dev', ...PEOPLE.map((person) => person.email)]);
    expect(response.headers['x-total-count']).toBe(String(buyers.length));
    expect(response.headers.link).toBeUndefined();
  });

  it('page in any sort, each page linking to the next with the same sort and filter', async () => {
    const all = await buyersNow();
    // Names sort in any case: ada king, Ada Lovelace, Ben 100%, bob_builder, buyer, zoe Quinn.
    const byName = ['b.king', 'm.ada', 'z.ben', 'c.bob', 'buyer', 'a.zoe'].map((local) => `${local}@test.dev`);
    const byEmail = ['a.zoe', 'b.king', 'buyer', 'c.bob', 'm.ada', 'z.ben'].map((local) => `${local}@test.dev`);
    const expected: Record<string, string[]> = {
      name_asc: byName,
      name_desc: [...byName].reverse(),
      email_asc: byEmail,
      email_desc: [...byEmail].reverse(),
      created_asc: emails(all),
    };
    for (const [sort, users] of Object.entries(expected)) {
      const first = await get(`/buyer?sort=${sort}&limit=2`);
      expect(first.headers['x-total-count']).toBe(String(all.length));
      expect(nextLink(first)?.searchParams.get('sort')).toBe(sort);
      const pages = await walk<WireUser>(t.app, `/buyer?sort=${sort}&limit=2`, cast.admin.headers);
      expect({ sort, emails: emails(pages.flat()) }).toEqual({ sort, emails: users });
      expect(pages.slice(0, -1).every((page) => page.length === 2)).toBe(true);
    }
  });

  it('filter by a part of the name or the email, any case, with the total of the filtered list', async () => {
    const ada = await get('/buyer?q=ADA');
    expect(emails(ada.json<WireUser[]>())).toEqual(['m.ada@test.dev', 'b.king@test.dev']);
    expect(ada.headers['x-total-count']).toBe('2');
    expect(emails(await list('/buyer?q=z.ben@'))).toEqual(['z.ben@test.dev']);
    // LIKE's wildcards are plain characters here.
    expect(emails(await list('/buyer?q=_'))).toEqual(['c.bob@test.dev']);
    expect(emails(await list('/buyer?q=%25'))).toEqual(['z.ben@test.dev']);
    const none = await get('/buyer?q=nobody-has-this');
    expect(none.json()).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
    // Blank filters filter nothing.
    expect(await list('/buyer?q=%20%20')).toHaveLength((await buyersNow()).length);
  });

  it('carry the filter and the sort in the link, and page through the filtered list only', async () => {
    const first = await get('/buyer?q=ada&sort=name_desc&limit=1');
    expect(emails(first.json<WireUser[]>())).toEqual(['m.ada@test.dev']);
    const next = nextLink(first)!;
    expect(Object.fromEntries(next.searchParams)).toEqual({ q: 'ada', sort: 'name_desc', limit: '1', cursor: expect.any(String) });
    const second = await get(injectable(next));
    expect(emails(second.json<WireUser[]>())).toEqual(['b.king@test.dev']);
    expect(second.headers.link).toBeUndefined();
    expect(second.headers['x-total-count']).toBe('2');
  });

  it('list sellers and admins, never the store, with their own total', async () => {
    const response = await get('/seller');
    const sellers = response.json<WireUser[]>();
    expect(emails(sellers)).toEqual(['seller@test.dev', 'other-seller@test.dev', 'admin@test.dev']);
    expect(response.headers['x-total-count']).toBe('3');
    expect(emails(await list('/seller?q=store'))).toEqual([]);
  });

  it('refuse a cursor of another sort, an unknown sort and an overlong filter with 400', async () => {
    const byName = nextLink(await get('/buyer?sort=name_asc&limit=1'))!.searchParams.get('cursor');
    for (const url of [
      `/buyer?sort=email_asc&cursor=${byName}`,
      `/buyer?cursor=${byName}`,
      '/buyer?sort=role',
      '/buyer?sort=',
      `/buyer?q=${'x'.repeat(101)}`,
      // Hand-made cursors: a NUL the database would refuse, an overlong key, no id.
      `/buyer?sort=name_asc&cursor=${handMade({ s: 'name_asc', k: 'a\u0000b', i: cast.buyer.id })}`,
      `/buyer?sort=name_asc&cursor=${handMade({ s: 'name_asc', k: 'a'.repeat(301), i: cast.buyer.id })}`,
      `/buyer?sort=name_asc&cursor=${handMade({ s: 'name_asc', k: 'ada' })}`,
    ]) {
      const response = await get(url);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 400 });
      expect(response.json()).toEqual({ message: expect.any(String) });
    }
    expect((await get(`/buyer?sort=name_asc&cursor=${byName}`)).statusCode).toBe(200);
  });

  it('go on after a cursor whose user was deleted meanwhile', async () => {
    const first = await get('/buyer?sort=email_asc&limit=2');
    const [, last] = first.json<WireUser[]>();
    expect(last.email).toBe('b.king@test.dev');
    const deleted = await t.app.inject({ method: 'DELETE', url: `/users/admin/${last._id}`, headers: cast.admin.headers });
    expect(deleted.statusCode).toBe(200);
    const second = await get(injectable(nextLink(first)!));
    expect(emails(second.json<WireUser[]>())).toEqual(['buyer@test.dev', 'c.bob@test.dev']);
    expect(second.headers['x-total-count']).toBe(String(Number(first.headers['x-total-count']) - 1));
  });

  it('cap an answer at 200 users and link to the rest', async () => {
    await t.testDb.db.query(
      `insert into users (id, name, email, role, created_at)
       select lpad(to_hex(${0x9000} + g), 24, '0'), 'Many ' || g, 'many' || g || '@test.dev', 'Buyer',
              timestamptz '2030-01-01 00:00:00+00'
       from generate_series(1, 205) g`,
    );
    const total = (await buyersNow()).length;
    const response = await get('/buyer');
    expect(response.json<WireUser[]>()).toHaveLength(200);
    expect(response.headers['x-total-count']).toBe(String(total));
    const next = nextLink(response)!;
    expect(Object.fromEntries(next.searchParams)).toEqual({ limit: '200', cursor: expect.any(String) });
    const rest = await get(injectable(next));
    expect(rest.json<WireUser[]>()).toHaveLength(total - 200);
    expect(rest.json<WireUser[]>().at(-1)?._id).toBe(hexId(0x9000 + 205));
  });
});
