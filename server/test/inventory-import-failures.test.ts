/**
 * An inventory import whose batches keep failing stops as `failed`, saying why, instead of being
 * tried again forever ahead of every other seller's file; what it wrote before stays written, and
 * the seller may upload again.
 */
import { buildTestApp, signUp, type Actor, type TestApp } from './helper';
import { uploadInventory } from './inventorySupport';
import { FAILURE_MESSAGES, MAX_BATCH_FAILURES, APPLY_BATCH } from '../src/inventory/jobs';

let t: TestApp;
let seller: Actor;
let other: Actor;
/** The seller's file uploaded at the end of the first test, waiting to be checked. */
let waiting: string;
beforeAll(async () => {
  t = await buildTestApp();
  seller = await signUp(t.app, 'failing-dealer@test.dev', 'seller');
  other = await signUp(t.app, 'steady-dealer@test.dev', 'seller');
  for (const actor of [seller, other]) {
    await t.app.inject({ method: 'PUT', url: '/inventory/defaults', headers: actor.headers, payload: { phone: '1', location: 'Mesa', delivery: null, category: null } });
  }
  // A database that refuses one title, as a constraint or a trigger of a real shop might: every
  // batch holding that row fails, whichever process runs it.
  await t.testDb.db.exec(`
    create function refuse_poison() returns trigger language plpgsql as $$
    begin
      if new.name = 'Poison' then raise exception 'refused by the test'; end if;
      return new;
    end $$;
    create trigger refuse_poison before insert on books for each row execute function refuse_poison();
    create function refuse_unreadable() returns trigger language plpgsql as $$
    begin
      if new.sku = 'UNREADABLE' and new.outcome is not null then raise exception 'refused by the test'; end if;
      return new;
    end $$;
    create trigger refuse_unreadable before update on inventory_import_rows for each row execute function refuse_unreadable();
  `);
});
afterAll(() => t.close());

interface WireImport {
  id: string;
  state: string;
  failure?: string;
  counts: Record<string, number>;
  progress: { done: number; total: number };
}
const get = async (actor: Actor, id: string) => (await t.app.inject({ url: `/inventory/imports/${id}`, headers: actor.headers })).json<WireImport>();
const uploaded = async (actor: Actor, file: string) => {
  const response = await uploadInventory(t.app, actor, file);
  expect(response.statusCode).toBe(202);
  return response.json<WireImport>().id;
};
const titlesOf = async (actor: Actor) =>
  (await t.app.inject({ url: '/products', headers: actor.headers })).json<{ name: string }[]>().map((book) => book.name).sort();

it('stops an import whose writing keeps failing, keeps the batches already written, and lets the others through', async () => {
  // One batch of good rows first, then a batch with the row the database refuses.
  const good = Array.from({ length: APPLY_BATCH }, (_, i) => `F-${i},Fine ${i},Good,5`);
  const id = await uploaded(seller, ['sku,title,condition,price', ...good, 'F-poison,Poison,Good,5', 'F-last,Last,Good,5'].join('\n'));
  await t.app.inventoryImports.run();
  expect(await get(seller, id)).toMatchObject({ state: 'checked', counts: { new: APPLY_BATCH + 2 } });
  expect((await t.app.inject({ method: 'POST', url: `/inventory/imports/${id}/apply`, headers: seller.headers })).statusCode).toBe(202);

  for (let run = 1; run < MAX_BATCH_FAILURES; run += 1) {
    await t.app.inventoryImports.run();
    expect(await get(seller, id)).toMatchObject({ state: 'applying', progress: { done: APPLY_BATCH } });
  }
  // Another seller's file is not held up behind it.
  const steady = await uploaded(other, 'sku,title,condition,price\nS-1,Steady,Good,4\n');
  await t.app.inventoryImports.run();
  const failed = await get(seller, id);
  expect(failed).toMatchObject({ state: 'failed', failure: FAILURE_MESSAGES.apply, progress: { done: APPLY_BATCH, total: APPLY_BATCH + 2 } });
  expect(await get(other, steady)).toMatchObject({ state: 'checked' });
  const titles = await titlesOf(seller);
  expect(titles).toHaveLength(APPLY_BATCH);
  expect(titles).not.toContain('Poison');
  expect(titles).not.toContain('Last');

  // Failed is the end: more runs change nothing, and the seller may upload again.
  await t.app.inventoryImports.run();
  expect(await get(seller, id)).toEqual(failed);
  const again = await uploadInventory(t.app, seller, 'sku,title,condition,price\nF-last,Last,Good,5\n');
  expect(again.statusCode).toBe(202);
  waiting = again.json<WireImport>().id;
});

it('stops an import whose check keeps failing, with nothing changed', async () => {
  const id = await uploaded(other, 'sku,title,condition,price\nUNREADABLE,Anything,Good,5\nU-2,Other,Good,5\n');
  for (let run = 1; run <= MAX_BATCH_FAILURES; run += 1) {
    expect(await get(other, id)).toMatchObject({ state: 'checking', progress: { done: 0 } });
    await t.app.inventoryImports.run();
    // The file waiting beside it is checked in the first run, whichever of the two comes first.
    expect(await get(seller, waiting)).toMatchObject({ state: 'checked' });
  }
  expect(await get(other, id)).toMatchObject({ state: 'failed', failure: FAILURE_MESSAGES.check, progress: { done: 0 } });
  expect(await titlesOf(other)).toEqual([]);
});
