/**
 * The one query layer the repositories use, whichever driver sits underneath
 * (embedded PGlite or a PostgreSQL server through pg).
 */
export interface Queryable {
  /** One statement with `$1`-style parameters; answers the rows. */
  query<Row>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /** A script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<Result>(work: (tx: Queryable) => Promise<Result>): Promise<Result>;
  close(): Promise<void>;
}

/** PostgreSQL's SQLSTATE for a unique-constraint violation. */
export const UNIQUE_VIOLATION = '23505';

const hasCode = (error: unknown, code: string) =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === code;

export function isUniqueViolation(error: unknown): boolean {
  return hasCode(error, UNIQUE_VIOLATION);
}

export function isForeignKeyViolation(error: unknown): boolean {
  return hasCode(error, FOREIGN_KEY_VIOLATION);
}

/** PostgreSQL's SQLSTATE for a foreign-key violation: what a row referred to went meanwhile. */
export const FOREIGN_KEY_VIOLATION = '23503';
