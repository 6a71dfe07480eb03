/**
 * The one query layer the repositories use, whichever driver sits underneath
 * (embedded PGlite or a PostgreSQL server through pg).
 */
export interface Queryable {
  /** One statement with `$1`-style parameters; answers the rows. */
  query<Row>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /** A script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * True where queries sent together run at once (a PostgreSQL server's pool, its replicas), so a
   * caller may send a second without waiting for the first. The embedded database answers one at
   * a time, and a transaction's queries share one connection.
   */
  readonly concurrent?: boolean;
}

export interface Db extends Queryable {
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<Result>(work: (tx: Queryable) => Promise<Result>): Promise<Result>;
  /** Tells `listener` of committed changes to the tables that announce them; answers how to stop. */
  watchChanges(listener: ChangeListener): Promise<() => void>;
  /** Tells `listener` of every committed notification row, whichever process inserted it; answers how to stop. */
  watchNotifications(listener: NotificationListener): Promise<() => void>;
  /**
   * `COPY … FROM STDIN` (`sql`) with `data` as its input, in the statement's format: the fastest
   * way PostgreSQL loads many rows (the catalogue generator's). Outside any transaction.
   */
  copyFrom(sql: string, data: string): Promise<void>;
  close(): Promise<void>;
}

/** What reads need: statements, and a transaction for a setting local to them (`set_config(…, true)`). */
export type Reader = Queryable & Pick<Db, 'transaction'>;

/** A `COPY … FROM STDIN` statement as PGlite takes it: its input is the blob given with the query. */
export const fromBlob = (sql: string): string => {
  if (!/\bfrom\s+stdin\b/i.test(sql)) throw new Error('copyFrom needs a COPY … FROM STDIN statement');
  return sql.replace(/\bfrom\s+stdin\b/i, "from '/dev/blob'");
};

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

/**
 * The channel on which the database announces committed changes of the tables whose reads the
 * API caches, each as `schema.table` (the triggers of `migrations/008_table_changes.sql`).
 */
export const CHANGES_CHANNEL = 'table_changes';

/** Told about committed changes of the tables that announce them (books, categories, users). */
export interface ChangeListener {
  /**
   * A committed change of `table`. A change this process made is told before the statement or
   * transaction that made it resolves; a change another process made, once its notification
   * arrives (PostgreSQL sends it at commit).
   */
  changed(table: string): void;
  /** Changes may go untold from now on (the listening connection dropped), until `resumed`. */
  interrupted(): void;
  /** Changes are told again; those made in between were not. */
  resumed(): void;
}

/** The listeners of one database, and the dispatch of its change notifications to them. */
export class ChangeListeners {
  private readonly listeners = new Set<ChangeListener>();

  /**
   * `schema`: the one the API's tables live in; other schemas' changes (other apps, other test
   * files) are not ours. Until it is known (`inSchema`), no change is told.
   */
  constructor(private schema?: string) {}

  inSchema(schema: string): void {
    this.schema = schema;
  }

  add(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A notification's payload, `schema.table`. */
  notified(payload: string): void {
    const dot = payload.indexOf('.');
    if (this.schema === undefined || dot === -1 || payload.slice(0, dot) !== this.schema) return;
    const table = payload.slice(dot + 1);
    for (const listener of this.listeners) listener.changed(table);
  }

  interrupted(): void {
    for (const listener of this.listeners) listener.interrupted();
  }

  resumed(): void {
    for (const listener of this.listeners) listener.resumed();
  }
}

/**
 * The channel on which the database announces each new notification row, as `schema json`
 * (`migrations/012_orders.sql`), so every API process can send it to the user's open streams.
 */
export const NOTIFICATIONS_CHANNEL = 'user_notifications';

/** Told about each committed notification row. */
export interface NotificationListener {
  /** The row as `row_to_json` printed it. */
  notified(rowJson: string): void;
  /** Rows may go untold from now on (the listening connection dropped), until `resumed`. */
  interrupted(): void;
  resumed(): void;
}

/** The listeners of new notification rows, and the dispatch of the channel's payloads to them. */
export class NotificationListeners {
  private readonly listeners = new Set<NotificationListener>();

  constructor(private schema?: string) {}

  inSchema(schema: string): void {
    this.schema = schema;
  }

  add(listener: NotificationListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A payload, `schema json`. */
  notified(payload: string): void {
    const space = payload.indexOf(' ');
    if (this.schema === undefined || space === -1 || payload.slice(0, space) !== this.schema) return;
    const json = payload.slice(space + 1);
    for (const listener of this.listeners) listener.notified(json);
  }

  interrupted(): void {
    for (const listener of this.listeners) listener.interrupted();
  }

  resumed(): void {
    for (const listener of this.listeners) listener.resumed();
  }
}
