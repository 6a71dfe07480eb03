import { buildTestApp, type TestApp } from './helper';

/**
 * Migrations 023 and 030: the planner reads how many books a condition or location filter keeps
 * from statistics on the expressions search filters by, rather than guessing (for a location, from
 * the trigram index, which took some cities for a hundred times rarer than they were and chose a
 * plan that reads and sorts every one of their books). Its estimate for each filter is checked
 * against the count.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  const [{ id }] = await t.testDb.db.query<{ id: string }>('select id from books where not sold order by id limit 1');
  // 900 copies of a seed book in three cities (each a third) and three conditions, written as
  // dealers write them; then the statistics are gathered as autovacuum would.
  // Every column but the generated ones (the search words), which are worked out again.
  const columns = (
    await t.testDb.db.query<{ name: string }>(
      `select quote_ident(column_name::text) as name from information_schema.columns
        where table_schema = current_schema() and table_name = 'books' and is_generated = 'NEVER' order by ordinal_position`,
    )
  ).map((column) => column.name);
  await t.testDb.db.query(
    `insert into books (${columns.join(', ')})
     select ${columns.map((column) => `copy.${column}`).join(', ')}
       from books b, generate_series(1, 900) as g,
            jsonb_populate_record(null::books, to_jsonb(b) || jsonb_build_object(
              'id', b.id || '-copy-' || g,
              'sku', null,
              'location', (array['Tucson, AZ', 'Mesa', 'Boston'])[g % 3 + 1],
              'condition', (array['Good', 'FAIR', 'Excillent'])[(g / 3) % 3 + 1])) as copy
      where b.id = $1`,
    [id],
  );
  await t.testDb.db.exec('analyze books');
});
afterAll(() => t.close());

async function estimateAndCount(where: string, params: unknown[]): Promise<{ estimate: number; count: number }> {
  const [plan] = await t.testDb.db.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] | string }>(
    `explain (format json) select 1 from books b where not b.sold and ${where}`,
    params,
  );
  const json = plan['QUERY PLAN'];
  const parsed = typeof json === 'string' ? (JSON.parse(json) as [{ Plan: { 'Plan Rows': number } }]) : json;
  const [{ count }] = await t.testDb.db.query<{ count: number }>(`select count(*)::int as count from books b where not b.sold and ${where}`, params);
  return { estimate: parsed[0].Plan['Plan Rows'], count };
}

describe('search filters: the planner knows their share', () => {
  it.each(['tucson', 'mesa', 'bost'])('a location part (%s): estimated within a factor of 2 of the count', async (part) => {
    const { estimate, count } = await estimateAndCount('lower(b.location) like $1', [`%${part}%`]);
    expect(count).toBeGreaterThanOrEqual(300);
    expect(estimate).toBeGreaterThan(count / 2);
    expect(estimate).toBeLessThan(count * 2);
  });

  it.each(['good', 'fair'])('a condition in any case (%s): estimated within a factor of 2 of the count', async (condition) => {
    const { estimate, count } = await estimateAndCount('lower(b.condition) = $1', [condition]);
    expect(count).toBeGreaterThanOrEqual(300);
    expect(estimate).toBeGreaterThan(count / 2);
    expect(estimate).toBeLessThan(count * 2);
  });
});

describe('a word search in a category (migration 031)', () => {
  it('has the category and the words in one GIN index where btree_gin is installed, else the words alone', async () => {
    const [{ available }] = await t.testDb.db.query<{ available: boolean }>(
      `select exists (select 1 from pg_available_extensions where name = 'btree_gin') as available`,
    );
    const indexes = await t.testDb.db.query<{ name: string; definition: string }>(
      `select indexname as name, indexdef as definition from pg_indexes
        where tablename = 'books' and indexdef ilike '%using gin%' and indexname <> 'books_location_trgm' order by indexname`,
    );
    expect(indexes).toHaveLength(1);
    expect(indexes[0].definition).toMatch(
      available
        ? /USING gin \(category, search_vector\)( WITH \(.*\))? WHERE \(NOT sold\)$/
        : /USING gin \(search_vector\)( WITH \(.*\))? WHERE \(NOT sold\)$/,
    );
    // PostgreSQL's contrib packages have it; the tests on PostgreSQL prove the index itself.
    if (process.env.TEST_DATABASE_URL) expect(available).toBe(true);
  });
});

describe('short pending lists on the indexes searches read (migration 032)', () => {
  it('merges new entries of the books\' word and location indexes and of the known words 64 kB at a time', async () => {
    const indexes = await t.testDb.db.query<{ name: string; options: string[] | null }>(
      `select c.relname as name, c.reloptions as options from pg_class c join pg_index i on i.indexrelid = c.oid
        join pg_am am on am.oid = c.relam
        where am.amname = 'gin' and i.indrelid in ('books'::regclass, 'search_words'::regclass) order by c.relname`,
    );
    expect(indexes.map((index) => index.name)).toEqual(
      expect.arrayContaining(['books_location_trgm', 'search_words_trgm']),
    );
    expect(indexes).toHaveLength(3);
    for (const index of indexes) expect({ name: index.name, options: index.options }).toEqual({ name: index.name, options: ['gin_pending_list_limit=64'] });
  });
});
