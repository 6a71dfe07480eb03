import type { Queryable } from '../src/db/db';

const TABLES = ['users', 'categories', 'books', 'bookings', 'payments', 'images'] as const;

/** Row count and a digest of every row per table: equal digests mean no data changed. */
export async function tableDigests(db: Queryable): Promise<Record<string, { rows: number; digest: string }>> {
  const digests: Record<string, { rows: number; digest: string }> = {};
  for (const table of TABLES) {
    const [row] = await db.query<{ rows: number; digest: string }>(
      `select count(*)::int as rows, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${table} t`,
    );
    digests[table] = row;
  }
  return digests;
}
