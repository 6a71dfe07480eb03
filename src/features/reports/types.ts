/** The reports feature's wire types: what `POST /reports` takes and `GET /admin/reports` and its actions answer. */

import type { Party } from '../../types/entities';

export type ReportKind = 'book' | 'user' | 'message' | 'review';
export type ReportReason = 'fake' | 'prohibited' | 'abuse' | 'spam' | 'other';
export type ModerationAction = 'hide' | 'suspend' | 'delete' | 'dismiss';

/** A report as admins read it (`GET /admin/reports`): what it names, whom, by whom, and what was done. */
export interface AdminReport {
  _id: string;
  kind: ReportKind;
  targetId: string;
  reason: ReportReason;
  text: string | null;
  at: string;
  state: 'open' | 'actioned' | 'dismissed';
  reporter: Party & { email: string };
  /** A book's name, a message's or review's text, a user's name; a message's thread. */
  target: { summary: string; hidden: boolean; threadId?: string };
  /** The reported user, or the author of what was reported. */
  user: (Party & { email: string; suspended: boolean }) | null;
  /** Oldest first. */
  actions: { action: ModerationAction; reason: string; by: Party; at: string }[];
}
