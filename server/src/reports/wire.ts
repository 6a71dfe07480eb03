import type { ActionRow, AdminReportRow } from '../repositories/reports';

const iso = (value: Date | string) => new Date(value).toISOString();

/** A report as the admin's trust queue reads it (docs/API.md, "Messages, reviews and reports"). */
export function reportOnWire(row: AdminReportRow, actions: readonly ActionRow[]) {
  return {
    _id: row.id,
    kind: row.kind,
    targetId: row.target_id,
    reason: row.reason,
    text: row.text,
    at: iso(row.created_at),
    state: row.state,
    reporter: { _id: row.reporter_id ?? '', name: row.reporter_name ?? '', email: row.reporter_email ?? '' },
    target: { summary: row.summary, hidden: row.target_hidden, ...(row.thread_id !== null && { threadId: row.thread_id }) },
    user:
      row.target_user_id === null || row.user_name === null
        ? null
        : { _id: row.target_user_id, name: row.user_name, email: row.user_email ?? '', suspended: row.user_suspended === true },
    actions: actions
      .filter((action) => action.report_id === row.id)
      .map((action) => ({ action: action.action, reason: action.reason, by: { _id: action.admin_id ?? '', name: action.admin_name }, at: iso(action.created_at) })),
  };
}
