import type { Queryable } from '../db/db';
import { newId } from '../lib/ids';

export type Role = 'Buyer' | 'seller' | 'admin';

export interface User {
  id: string;
  name: string;
  email: string;
  role: Role;
}

const COLUMNS = 'id, name, email, role';

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

    /** Inserts the user unless the email is taken; answers the stored row and whether it is new. */
    async insertIfAbsent(user: Omit<User, 'id'>): Promise<{ user: User; created: boolean }> {
      const inserted = await db.query<User>(
        `insert into users (id, name, email, role) values ($1, $2, $3, $4)
         on conflict (email) do nothing
         returning ${COLUMNS}`,
        [newId(), user.name, user.email.toLowerCase(), user.role],
      );
      if (inserted[0]) return { user: inserted[0], created: true };
      const existing = await this.findByEmail(user.email);
      if (!existing) throw new Error('User vanished between insert and select');
      return { user: existing, created: false };
    },

    listByRoles(roles: readonly Role[]): Promise<User[]> {
      return db.query<User>(
        `select ${COLUMNS} from users where role = any($1::text[]) order by created_at, id`,
        [roles],
      );
    },

    /** Changes the role only when the user currently has `from`; answers how many rows changed. */
    async changeRole(id: string, from: Role, to: Role): Promise<number> {
      const rows = await db.query<{ id: string }>(
        'update users set role = $3 where id = $1 and role = $2 returning id',
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
