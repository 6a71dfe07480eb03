import type { Queryable } from '../db/db';
import { badRequest, conflict, notFound } from '../lib/errors';
import type { OrderDeps } from '../orders/moves';
import { messagesRepository } from '../repositories/messages';
import { reportsRepository, type ModerationAction, type ReportRow } from '../repositories/reports';
import { deleteAccount } from '../users/deleteAccount';

export interface Admin {
  id: string;
  name: string;
}

/** Hides a listing, a message or a review; answers whether it was shown until now. */
async function hide(tx: Queryable, report: ReportRow, at: Date): Promise<boolean> {
  switch (report.kind) {
    case 'book':
      return (await tx.query('update books set hidden_at = $2 where id = $1 and hidden_at is null returning id', [report.target_id, at])).length === 1;
    case 'message':
      return messagesRepository(tx).hide(report.target_id, at);
    case 'review':
      return (await tx.query('update reviews set hidden_at = $2 where id = $1 and hidden_at is null returning id', [report.target_id, at])).length === 1;
    case 'user':
      throw badRequest('A user cannot be hidden: suspend or delete them');
  }
}

/** Suspends a user: no API until it is lifted, their listings hidden meanwhile. */
export async function suspend(tx: Queryable, userId: string, at: Date): Promise<boolean> {
  const rows = await tx.query('update users set suspended_at = $2 where id = $1 and suspended_at is null returning id', [userId, at]);
  await tx.query('update books set seller_suspended = true where seller_id = $1 and not seller_suspended', [userId]);
  return rows.length === 1;
}

/** Lifts a suspension; answers whether the user was suspended. */
export async function reinstate(tx: Queryable, userId: string): Promise<boolean> {
  const rows = await tx.query('update users set suspended_at = null where id = $1 and suspended_at is not null returning id', [userId]);
  await tx.query('update books set seller_suspended = false where seller_id = $1 and seller_suspended', [userId]);
  return rows.length === 1;
}

/**
 * One admin action on a report, in the caller's transaction (server/src/reports/README.md):
 * `hide` what was reported, `suspend` or `delete` the user reported (or the author of what was
 * reported), `dismiss` the report. The action is recorded with the admin and the time; the
 * reporters of every open report of the same thing are told the outcome, and the user acted upon
 * what was done to them (a deleted user has no one left to tell).
 */
export async function actOnReport(
  tx: Queryable,
  orders: Pick<OrderDeps, 'deadlines' | 'clock' | 'commission'>,
  { reportId, action, reason, admin }: { reportId: string; action: (typeof ACTIONS)[number]; reason: string; admin: Admin },
): Promise<void> {
  const reports = reportsRepository(tx);
  const report = await reports.lock(reportId);
  if (!report) throw notFound('No such report');
  const at = orders.clock.now();
  const userId = report.target_user_id;
  if ((action === 'suspend' || action === 'delete') && userId === null) throw conflict('The reported user no longer has an account');
  if ((action === 'suspend' || action === 'delete') && userId === admin.id) throw badRequest('You cannot do this to your own account');

  if (action === 'hide') await hide(tx, report, at);
  if (action === 'suspend' && userId !== null) await suspend(tx, userId, at);
  if (action === 'delete' && userId !== null) await deleteAccount(tx, orders, userId);

  // A dismissal closes this report; an action, every open report of the same thing.
  const resolved = action === 'dismiss' ? [report] : await reports.openOnSameTarget(report);
  if (!resolved.some((each) => each.id === report.id)) resolved.push(report);
  await reports.setState(
    resolved.map((each) => each.id),
    action === 'dismiss' ? 'dismissed' : 'actioned',
  );
  for (const each of resolved) {
    await reports.record({ reportId: each.id, admin, action, reason, kind: each.kind, targetId: each.target_id, userId, at });
    if (each.reporter_id !== null) {
      await reports.tell({ userId: each.reporter_id, kind: 'report_outcome', summary: each.summary, action, reason: action === 'dismiss' ? reason : null, at });
    }
  }
  if (userId !== null && (action === 'hide' || action === 'suspend')) {
    await reports.tell({ userId, kind: 'moderated', summary: action === 'hide' ? report.summary : 'your account', action, reason, at });
  }
}

export const ACTIONS = ['hide', 'suspend', 'delete', 'dismiss'] as const satisfies readonly ModerationAction[];
