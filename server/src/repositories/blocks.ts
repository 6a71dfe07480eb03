import type { Queryable } from '../db/db';

export interface BlockRow {
  id: string;
  name: string;
  created_at: Date;
}

/** The most blocks one list answers (newest first). */
export const BLOCKS_LISTED = 500;

/** Blocks between users: one way, the blocker's (migrations/018_messages_reviews_reports.sql). */
export function blocksRepository(db: Queryable) {
  return {
    async list(blockerId: string): Promise<BlockRow[]> {
      return db.query<BlockRow>(
        `select u.id, u.name, k.created_at from blocks k join users u on u.id = k.blocked_id
         where k.blocker_id = $1 order by k.created_at desc, u.id desc limit $2`,
        [blockerId, BLOCKS_LISTED],
      );
    },

    async add(blockerId: string, blockedId: string, at: Date): Promise<void> {
      await db.query(
        'insert into blocks (blocker_id, blocked_id, created_at) values ($1, $2, $3) on conflict do nothing',
        [blockerId, blockedId, at],
      );
    },

    async remove(blockerId: string, blockedId: string): Promise<void> {
      await db.query('delete from blocks where blocker_id = $1 and blocked_id = $2', [blockerId, blockedId]);
    },

    /** Whether `blockerId` blocked `blockedId`. */
    async blocks(blockerId: string, blockedId: string): Promise<boolean> {
      const rows = await db.query('select 1 from blocks where blocker_id = $1 and blocked_id = $2', [blockerId, blockedId]);
      return rows.length === 1;
    },

    /** Who of the two blocked the other: the first, the second, or neither. */
    async between(a: string, b: string): Promise<{ aBlockedB: boolean; bBlockedA: boolean }> {
      const rows = await db.query<{ blocker_id: string }>(
        'select blocker_id from blocks where (blocker_id = $1 and blocked_id = $2) or (blocker_id = $2 and blocked_id = $1)',
        [a, b],
      );
      return { aBlockedB: rows.some((row) => row.blocker_id === a), bBlockedA: rows.some((row) => row.blocker_id === b) };
    },
  };
}
