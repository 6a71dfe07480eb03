import type { Queryable } from '../db/db';
import { keysetPage, Params, type KeysetOrder, type ListPage, type ListPosition } from './keyset';

export const REPORT_KINDS = ['book', 'user', 'message', 'review'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_REASONS = ['fake', 'prohibited', 'abuse', 'spam', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_STATES = ['open', 'actioned', 'dismissed'] as const;
export type ReportState = (typeof REPORT_STATES)[number];
export const MODERATION_ACTIONS = ['hide', 'suspend', 'delete', 'dismiss'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number] | 'reinstate';

/** What a report names, as it reads when reported. */
export interface ReportTarget {
  /** The reported user, or the author of what was reported (null: no account any more). */
  userId: string | null;
  summary: string;
  threadId: string | null;
}

export interface ReportRow {
  id: string;
  reporter_id: string | null;
  kind: ReportKind;
  target_id: string;
  target_user_id: string | null;
  summary: string;
  thread_id: string | null;
  reason: ReportReason;
  text: string | null;
  state: ReportState;
  created_at: Date;
}

/** A report as the admin's list reads it. */
export interface AdminReportRow extends ReportRow {
  reporter_name: string | null;
  reporter_email: string | null;
  user_name: string | null;
  user_email: string | null;
  user_suspended: boolean | null;
  target_hidden: boolean;
}

export interface ActionRow {
  report_id: string;
  admin_id: string | null;
  admin_name: string;
  action: ModerationAction;
  reason: string;
  created_at: Date;
}

export const REPORT_SORTS = { created_desc: true, created_asc: false } as const;
export type ReportSort = keyof typeof REPORT_SORTS;
export const reportOrder = (sort: ReportSort): KeysetOrder => ({
  key: 'r.created_at',
  keyType: 'timestamptz',
  id: 'r.id',
  descending: REPORT_SORTS[sort],
});

export interface ReportFilters {
  state?: ReportState;
  kind?: ReportKind;
  reason?: ReportReason;
}

const REPORT_COLUMNS = 'r.id, r.reporter_id, r.kind, r.target_id, r.target_user_id, r.summary, r.thread_id, r.reason, r.text, r.state, r.created_at';
const ADMIN_COLUMNS = `${REPORT_COLUMNS},
  rp.name as reporter_name, rp.email as reporter_email, u.name as user_name, u.email as user_email,
  u.suspended_at is not null as user_suspended,
  case r.kind
    when 'book' then exists (select 1 from books b where b.id = r.target_id and b.hidden_at is not null)
    when 'message' then exists (select 1 from messages m where m.id::text = r.target_id and m.hidden_at is not null)
    when 'review' then exists (select 1 from reviews v where v.id = r.target_id and v.hidden_at is not null)
    else false
  end as target_hidden`;
const ADMIN_FROM = 'reports r left join users rp on rp.id = r.reporter_id left join users u on u.id = r.target_user_id';

function filtersWhere(filters: ReportFilters, params: Params): string[] {
  const where: string[] = [];
  if (filters.state) where.push(`r.state = ${params.add(filters.state)}`);
  if (filters.kind) where.push(`r.kind = ${params.add(filters.kind)}`);
  if (filters.reason) where.push(`r.reason = ${params.add(filters.reason)}`);
  return where;
}

/** Reports and the record of what admins did (migrations/018_messages_reviews_reports.sql). */
export function reportsRepository(db: Queryable) {
  return {
    /**
     * What `reporterId` may report: a listed book, a user, a message of a thread they are in, a
     * review that is shown (before that nobody but its author reads it). Undefined otherwise.
     */
    async target(kind: ReportKind, id: string, reporterId: string): Promise<ReportTarget | undefined> {
      const queries: Record<ReportKind, string> = {
        book: `select seller_id as user_id, name as summary, null as thread_id from books where id = $1`,
        user: `select id as user_id, name as summary, null as thread_id from users where id = $1 and not system_account`,
        message: `select m.author_id as user_id, m.text as summary, m.thread_id from messages m join threads t on t.id = m.thread_id
                  where m.id::text = $1 and (t.buyer_id = $2 or t.seller_id = $2)`,
        review: `select author_id as user_id, coalesce(nullif(comment, ''), rating || ' stars') as summary, null as thread_id
                 from reviews where id = $1 and hidden_at is null and shown_at is not null`,
      };
      if (kind === 'message' && !/^[1-9][0-9]{0,17}$/.test(id)) return undefined;
      const params = kind === 'message' ? [id, reporterId] : [id];
      const rows = await db.query<{ user_id: string | null; summary: string; thread_id: string | null }>(queries[kind], params);
      const row = rows[0];
      return row && { userId: row.user_id, summary: row.summary.slice(0, 500), threadId: row.thread_id };
    },

    /** Files a report; 'duplicate' when the reporter has one open on the same thing. */
    async insert(report: Omit<ReportRow, 'state'>): Promise<ReportRow | 'duplicate'> {
      const rows = await db.query<ReportRow>(
        `insert into reports (id, reporter_id, kind, target_id, target_user_id, summary, thread_id, reason, text, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         on conflict (reporter_id, kind, target_id) where state = 'open' do nothing
         returning ${REPORT_COLUMNS.replace(/r\./g, '')}`,
        [report.id, report.reporter_id, report.kind, report.target_id, report.target_user_id, report.summary,
          report.thread_id, report.reason, report.text, report.created_at],
      );
      return rows[0] ?? 'duplicate';
    },

    async page(filters: ReportFilters, sort: ReportSort, limit: number, after?: ListPosition): Promise<ListPage<AdminReportRow>> {
      const params = new Params();
      return keysetPage<AdminReportRow>(db, {
        columns: ADMIN_COLUMNS,
        from: ADMIN_FROM,
        where: filtersWhere(filters, params),
        params,
        order: reportOrder(sort),
        limit,
        after,
      });
    },

    async count(filters: ReportFilters): Promise<number> {
      const params = new Params();
      const where = filtersWhere(filters, params);
      const rows = await db.query<{ total: number }>(
        `select count(*)::int as total from reports r ${where.length > 0 ? `where ${where.join(' and ')}` : ''}`,
        params.values,
      );
      return rows[0]?.total ?? 0;
    },

    async adminRow(id: string): Promise<AdminReportRow | undefined> {
      const rows = await db.query<AdminReportRow>(`select ${ADMIN_COLUMNS} from ${ADMIN_FROM} where r.id = $1`, [id]);
      return rows[0];
    },

    /** The report, locked until the transaction ends (two admins acting at once take turns). */
    async lock(id: string): Promise<ReportRow | undefined> {
      const rows = await db.query<ReportRow>(`select ${REPORT_COLUMNS} from reports r where r.id = $1 for update`, [id]);
      return rows[0];
    },

    /** The open reports of the same thing (the one acted on included), locked. */
    async openOnSameTarget(report: Pick<ReportRow, 'kind' | 'target_id'>): Promise<ReportRow[]> {
      return db.query<ReportRow>(
        `select ${REPORT_COLUMNS} from reports r where r.kind = $1 and r.target_id = $2 and r.state = 'open' order by r.id for update`,
        [report.kind, report.target_id],
      );
    },

    async setState(ids: readonly string[], state: ReportState): Promise<void> {
      await db.query('update reports set state = $2 where id = any($1::text[])', [ids, state]);
    },

    async record(action: {
      reportId: string | null;
      admin: { id: string; name: string };
      action: ModerationAction;
      reason: string;
      kind: string | null;
      targetId: string | null;
      userId: string | null;
      at: Date;
    }): Promise<void> {
      await db.query(
        `insert into moderation_actions (report_id, admin_id, admin_name, action, reason, kind, target_id, user_id, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [action.reportId, action.admin.id, action.admin.name, action.action, action.reason, action.kind, action.targetId, action.userId, action.at],
      );
    },

    /** The actions on these reports, oldest first. */
    async actions(reportIds: readonly string[]): Promise<ActionRow[]> {
      if (reportIds.length === 0) return [];
      return db.query<ActionRow>(
        `select report_id, admin_id, admin_name, action, reason, created_at from moderation_actions
         where report_id = any($1::text[]) order by id`,
        [reportIds],
      );
    },

    /** Tells a user what an admin did: `report_outcome` to a reporter, `moderated` to the user acted upon. */
    async tell(tell: {
      userId: string;
      kind: 'report_outcome' | 'moderated';
      summary: string;
      action: ModerationAction;
      reason: string | null;
      at: Date;
    }): Promise<void> {
      await db.query(
        `insert into notifications (user_id, kind, role, book_name, reason, action, created_at)
         select id, $2, 'user', $3, $4, $5, $6 from users where id = $1`,
        [tell.userId, tell.kind, tell.summary.slice(0, 200), tell.reason, tell.action, tell.at],
      );
    },
  };
}
