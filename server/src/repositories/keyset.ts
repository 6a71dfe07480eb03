import type { Queryable } from '../db/db';

/** Where a page ended: the sort key of its last row (as PostgreSQL prints it) and the row's id. */
export interface ListPosition {
  key: string;
  id: string;
}

export interface ListPage<Row> {
  rows: Row[];
  /** Set when more rows follow; the next page starts after it. */
  next?: ListPosition;
}

/** A stable order for keyset paging: a sort key, then the id for ties. */
export interface KeysetOrder {
  /** The SQL expression rows are sorted by. */
  key: string;
  /** The type a position's key text is read back as. */
  keyType: 'text' | 'timestamptz';
  /** The id column, unique, which breaks ties. */
  id: string;
  descending?: boolean;
}

/** Numbered parameters of one statement. */
export class Params {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

export interface KeysetQuery {
  /** The select list, without the position. */
  columns: string;
  /** What follows `from`, joins included. */
  from: string;
  /** Conditions joined with `and`; their parameters are in `params`. */
  where: string[];
  params: Params;
  order: KeysetOrder;
  limit: number;
  after?: ListPosition;
}

/**
 * One page in `order`, starting after `after`: fetches one row more than asked to know whether
 * another page follows, so no count is needed.
 */
export async function keysetPage<Row extends { id: string }>(db: Queryable, query: KeysetQuery): Promise<ListPage<Row>> {
  const { order, params, after } = query;
  const where = [...query.where];
  const direction = order.descending ? 'desc' : 'asc';
  if (after) {
    const key = `${params.add(after.key)}::${order.keyType}`;
    where.push(`(${order.key}, ${order.id}) ${order.descending ? '<' : '>'} (${key}, ${params.add(after.id)})`);
  }
  const sql = `select ${query.columns}, (${order.key})::text as position_key from ${query.from}
    ${where.length > 0 ? `where ${where.join(' and ')}` : ''}
    order by ${order.key} ${direction}, ${order.id} ${direction}
    limit ${params.add(query.limit + 1)}`;
  const rows = await db.query<Row & { position_key: string }>(sql, params.values);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    rows: page.map(({ position_key: _key, ...row }) => row as unknown as Row),
    next: rows.length > query.limit && last ? { key: last.position_key, id: last.id } : undefined,
  };
}
