import type { Queryable } from '../db/db';
import { newId } from '../lib/ids';
import { keysetPage, Params, type KeysetOrder, type ListPage, type ListPosition } from './keyset';

export type Role = 'Buyer' | 'seller' | 'admin';

export interface User {
  id: string;
  name: string;
  email: string;
  role: Role;
  /** The identity-provider account this user signs in with; null until first linked. */
  firebase_uid: string | null;
  /** The shop's own accounts (the catalogue's store): never signed into, never linked. */
  system_account: boolean;
  /** Set while an admin has the account suspended: it cannot use the API. */
  suspended_at: Date | null;
}

/** Who may hold a user record: a proven identity-provider account. */
export interface AccountIdentity {
  uid: string;
  email: string;
}

const COLUMNS = 'id, name, email, role, firebase_uid, system_account, suspended_at';

/** The orders the admin lists offer: by joining date (the default), by name (any case) or by email. */
export type UserSort = 'created_asc' | 'name_asc' | 'name_desc' | 'email_asc' | 'email_desc';
export const USER_SORTS: readonly UserSort[] = ['created_asc', 'name_asc', 'name_desc', 'email_asc', 'email_desc'];

export const USER_ORDERS: Record<UserSort, KeysetOrder> = {
  created_asc: { key: 'created_at', keyType: 'timestamptz', id: 'id' },
  name_asc: { key: 'lower(name)', keyType: 'text', id: 'id' },
  name_desc: { key: 'lower(name)', keyType: 'text', id: 'id', descending: true },
  email_asc: { key: 'email', keyType: 'text', id: 'id' },
  email_desc: { key: 'email', keyType: 'text', id: 'id', descending: true },
};

export interface UserListQuery {
  roles: readonly Role[];
  /** Part of the name or the email, any case. */
  contains?: string;
}

/** The conditions of an admin list: its roles, no system accounts, the contains-filter. */
function userListWhere({ roles, contains }: UserListQuery, params: Params): string[] {
  const where = [`role = any(${params.add(roles)}::text[])`, 'not system_account'];
  if (contains !== undefined && contains !== '') {
    const escaped = contains.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`);
    const pattern = params.add(`%${escaped}%`);
    where.push(`(lower(name) like ${pattern} or email like ${pattern})`);
  }
  return where;
}

export function isSellerRole(role: Role): boolean {
  // A verified seller is made admin and keeps selling.
  return role === 'seller' || role === 'admin';
}

export function usersRepository(db: Queryable) {
  return {
    async findById(id: string): Promise<User | undefined> {
      const rows = await db.query<User>(`select ${COLUMNS} from users where id = $1`, [id]);
      return rows[0];
    },

    async findByEmail(email: string): Promise<User | undefined> {
      const rows = await db.query<User>(`select ${COLUMNS} from users where email = $1`, [
        email.toLowerCase(),
      ]);
      return rows[0];
    },

    /**
     * The user of an identity-provider account: the one linked to its uid, else an unlinked
     * (older) record of the same email, which is linked to this uid now, once. Undefined when
     * there is none, or the email belongs to another account or to a system account.
     */
    async findForAccount(account: AccountIdentity): Promise<User | undefined> {
      const linked = await db.query<User>(`select ${COLUMNS} from users where firebase_uid = $1`, [account.uid]);
      if (linked[0]) return linked[0];
      const adopted = await db.query<User>(
        `update users set firebase_uid = $1
         where email = $2 and firebase_uid is null and not system_account
         returning ${COLUMNS}`,
        [account.uid, account.email.toLowerCase()],
      );
      return adopted[0];
    },

    /**
     * Creates the record of an account unless it has one; answers the stored row and whether it
     * is new, or undefined when the email is held by another account (or a system account).
     */
    async insertIfAbsent(
      account: AccountIdentity,
      user: Pick<User, 'name' | 'role'>,
    ): Promise<{ user: User; created: boolean } | undefined> {
      const inserted = await db.query<User>(
        `insert into users (id, name, email, role, firebase_uid) values ($1, $2, $3, $4, $5)
         on conflict do nothing
         returning ${COLUMNS}`,
        [newId(), user.name, account.email.toLowerCase(), user.role, account.uid],
      );
      if (inserted[0]) return { user: inserted[0], created: true };
      const existing = await this.findForAccount(account);
      return existing && { user: existing, created: false };
    },

    /** Creates a system account (no sign-in) unless the email exists; answers the stored row. */
    async ensureSystemAccount(user: Pick<User, 'name' | 'email' | 'role'>): Promise<User> {
      await db.query(
        `insert into users (id, name, email, role, system_account) values ($1, $2, $3, $4, true)
         on conflict do nothing`,
        [newId(), user.name, user.email.toLowerCase(), user.role],
      );
      const stored = await this.findByEmail(user.email);
      if (!stored) throw new Error('System account vanished between insert and select');
      return stored;
    },

    /** Follows a change of the account's email at the identity provider; false when it is taken. */
    async updateEmail(id: string, email: string): Promise<boolean> {
      const taken = await this.findByEmail(email);
      if (taken) return taken.id === id;
      await db.query('update users set email = $2 where id = $1', [id, email.toLowerCase()]);
      return true;
    },

    /** A page of the users with one of `roles` (system accounts never), filtered and sorted. */
    listByRoles(query: UserListQuery, sort: UserSort, limit: number, after?: ListPosition): Promise<ListPage<User>> {
      const params = new Params();
      const where = userListWhere(query, params);
      return keysetPage<User>(db, { columns: COLUMNS, from: 'users', where, params, order: USER_ORDERS[sort], limit, after });
    },

    /** How many users the list of `query` holds, over all its pages. */
    async countByRoles(query: UserListQuery): Promise<number> {
      const params = new Params();
      const where = userListWhere(query, params);
      const rows = await db.query<{ total: number }>(
        `select count(*)::int as total from users where ${where.join(' and ')}`,
        params.values,
      );
      return rows[0]?.total ?? 0;
    },

    /** Changes the role only when the user currently has `from`; answers how many rows changed. */
    async changeRole(id: string, from: Role, to: Role): Promise<number> {
      const rows = await db.query<{ id: string }>(
        'update users set role = $3 where id = $1 and role = $2 and not system_account returning id',
        [id, from, to],
      );
      return rows.length;
    },

    async setRole(id: string, role: Role): Promise<void> {
      await db.query('update users set role = $2 where id = $1', [id, role]);
    },

    async delete(id: string): Promise<number> {
      const rows = await db.query<{ id: string }>('delete from users where id = $1 returning id', [id]);
      return rows.length;
    },
  };
}

export type UsersRepository = ReturnType<typeof usersRepository>;
