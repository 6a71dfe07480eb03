import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MIGRATIONS_DIR, migrate } from '../src/db/migrate';
import { createTestDb, type TestDb } from './testDb';

let testDb: TestDb;
let firstOnly: string;
beforeAll(async () => {
  testDb = await createTestDb({ empty: true });
  // A database as the first release left it: only the first migration applied.
  firstOnly = await mkdtemp(path.join(tmpdir(), 'book-resale-migrations-'));
  await cp(path.join(MIGRATIONS_DIR, '001_initial.sql'), path.join(firstOnly, '001_initial.sql'));
});
afterAll(async () => {
  await testDb.drop();
  await rm(firstOnly, { recursive: true, force: true });
});

const hex = (n: number) => n.toString(16).padStart(24, '0');

describe('migrations', () => {
  it('fold repeated unpaid bookings into the oldest, keep paid ones, then refuse new repeats', async () => {
    const { db } = testDb;
    expect(await migrate(db, firstOnly)).toEqual(['001_initial.sql']);
    await db.exec(`
      insert into users (id, name, email, role) values ('${hex(1)}', 'Buyer', 'b@test.dev', 'Buyer'),
        ('${hex(2)}', 'Seller', 's@test.dev', 'seller');
      insert into categories (id, name, category_id, category, img, position) values ('${hex(3)}', 'Fiction', '1', 'fiction', 'x', 1);
      insert into books (id, category, name, img, location, resale_price_cents, orginal_price_cents, seller_id,
          seller_email, seller_name, number, uses, date)
        values ('${hex(4)}', 'fiction', 'Book', 'x', 'Here', 100, 200, '${hex(2)}', 's@test.dev', 'Seller', '1', '1 year', '2026-01-01');
    `);
    const booking = (id: number, minutesAgo: number, paid: boolean) =>
      `('${hex(id)}', '${hex(4)}', '${hex(1)}', 'b@test.dev', 'Buyer', 'Here', '1', 'Book', 100, 'x', ${paid},
        now() - interval '${minutesAgo} minutes')`;
    await db.exec(`insert into bookings (id, book_id, buyer_id, email, cus_tomername, location, phone, book_name,
        resale_price_cents, img, paid, created_at)
      values ${[booking(10, 1, false), booking(11, 3, false), booking(12, 2, false), booking(13, 5, true)].join(', ')}`);

    expect(await migrate(db)).toContain('002_one_open_booking.sql');

    const left = await db.query<{ id: string; paid: boolean }>('select id, paid from bookings order by id');
    expect(left).toEqual([{ id: hex(11), paid: false }, { id: hex(13), paid: true }]);
    // 005: bookings made before have no PaymentIntent yet.
    expect(await db.query('select payment_intent_id, payment_intents_made from bookings')).toEqual([
      { payment_intent_id: null, payment_intents_made: 0 }, { payment_intent_id: null, payment_intents_made: 0 },
    ]);
    await expect(
      db.exec(`insert into bookings (id, book_id, buyer_id, email, cus_tomername, location, phone, book_name,
          resale_price_cents, img) values ('${hex(14)}', '${hex(4)}', '${hex(1)}', 'b@test.dev', 'Buyer', 'Here', '1', 'Book', 100, 'x')`),
    ).rejects.toMatchObject({ code: '23505' });
    // 012: the paid booking ended at payment, so it is completed, with its timeline and no clock;
    // the unpaid one is booked, its deadline set by the first sweep.
    expect(await db.query('select id, state, due_at, handover_code from bookings order by id')).toEqual([
      { id: hex(11), state: 'booked', due_at: null, handover_code: null },
      { id: hex(13), state: 'completed', due_at: null, handover_code: null },
    ]);
    expect(await db.query('select booking_id, state from booking_events order by booking_id, id')).toEqual([
      { booking_id: hex(11), state: 'booked' },
      { booking_id: hex(13), state: 'booked' },
      { booking_id: hex(13), state: 'paid' },
      { booking_id: hex(13), state: 'completed' },
    ]);
    expect(await migrate(db)).toEqual([]);
  });

  it("give an older shop's store account no admin rights, and its seed books their authors and ISBNs", async () => {
    const older = await createTestDb({ empty: true });
    try {
      const { db } = older;
      await migrate(db, firstOnly);
      await db.exec(`
        insert into users (id, name, email, role) values ('${hex(1)}', 'Book Resale Store', 'store@book-resale.local', 'admin'),
          ('${hex(2)}', 'Sam', 'sam@test.dev', 'seller');
        insert into categories (id, name, category_id, category, img, position) values ('${hex(3)}', 'Fiction', '1', 'fiction', 'x', 1);
        insert into books (id, category, name, img, location, resale_price_cents, orginal_price_cents, seller_id,
            seller_email, seller_name, number, uses, date)
          values ('${hex(4)}', 'fiction', 'Moby-Dick', 'x', 'Here', 100, 200, '${hex(1)}', 'store@book-resale.local', 'Store', '1', '1 year', '2026-01-01'),
                 ('${hex(5)}', 'fiction', 'Moby-Dick', 'x', 'Here', 100, 200, '${hex(2)}', 'sam@test.dev', 'Sam', '1', '1 year', '2026-01-01');
      `);
      await migrate(db);
      expect(await db.query('select email, role, system_account, firebase_uid from users order by id')).toEqual([
        { email: 'store@book-resale.local', role: 'seller', system_account: true, firebase_uid: null },
        { email: 'sam@test.dev', role: 'seller', system_account: false, firebase_uid: null },
      ]);
      // Only the store's own copy is the catalogue's: a seller's copy keeps what its seller gave.
      expect(await db.query('select id, author, isbn from books order by id')).toEqual([
        { id: hex(4), author: 'Herman Melville', isbn: '9780142437247' },
        { id: hex(5), author: '', isbn: null },
      ]);
    } finally {
      await older.drop();
    }
  });
});
