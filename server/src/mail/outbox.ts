import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Db } from '../db/db';
import type { Clock } from '../lib/clock';
import type { MailConfig } from '../ordersConfig';
import type { NotificationKind } from './kinds';
import { renderMail } from './templates';
import type { UnsubscribeTokens } from './unsubscribe';

export interface OutboxDeps {
  db: Db;
  clock: Clock;
  /** Null when no mail server is configured: the emails are marked skipped. */
  transport: Transporter | null;
  config: MailConfig;
  tokens: UnsubscribeTokens;
  log: FastifyBaseLogger;
}

interface Claimed {
  id: string;
  kind: NotificationKind;
  role: 'buyer' | 'seller' | 'user';
  thread_id: string | null;
  action: string | null;
  book_name: string;
  booking_id: string | null;
  amount_cents: string | number | null;
  book_id: string | null;
  offer_id: string | null;
  deadline: Date | null;
  reason: string | null;
  user_id: string;
  email_attempts: number;
  email: string;
  name: string;
  wanted: boolean;
}

/** Emails claimed at once; the claim lasts this long, so a dead process's claims are taken up again. */
const BATCH = 50;
const LEASE_MS = 60_000;
/** After this many failed sends an email is given up on. */
export const MAX_ATTEMPTS = 5;

/**
 * Sends the emails of notifications not yet emailed, once each across every API process: a
 * notification is claimed (`FOR UPDATE SKIP LOCKED`, then a lease), sent, then marked sent. A
 * process that dies after sending and before marking sends that one again when its lease ends:
 * at least once, never lost. Kinds a user turned off are marked skipped. Answers how many were sent.
 */
export async function deliverPending(deps: OutboxDeps): Promise<number> {
  let sent = 0;
  for (;;) {
    const now = deps.clock.now();
    const claimed = await deps.db.query<Claimed>(
      `with claimed as (
         update notifications n set email_lease_until = $2, email_attempts = email_attempts + 1
         where id in (
           select id from notifications
           where email_state = 'pending' and (email_lease_until is null or email_lease_until < $1)
           order by id limit $3 for update skip locked
         )
         returning n.id, n.kind, n.role, n.book_name, n.booking_id, n.deadline, n.reason, n.user_id, n.email_attempts, n.amount_cents, n.book_id,
           n.thread_id, n.action, n.offer_id
       )
       select c.id::text as id, c.kind, c.role, c.book_name, c.booking_id, c.deadline, c.reason, c.user_id, c.amount_cents, c.book_id,
         c.thread_id, c.action, c.offer_id,
         c.email_attempts, u.email, u.name, coalesce(s.email, true) as wanted
       from claimed c
       join users u on u.id = c.user_id
       left join notification_settings s on s.user_id = c.user_id and s.kind = c.kind
       order by c.id`,
      [now, new Date(now.getTime() + LEASE_MS), BATCH],
    );
    if (claimed.length === 0) return sent;
    for (const mail of claimed) {
      if (!mail.wanted || deps.transport === null) {
        await mark(deps.db, mail.id, 'skipped');
        continue;
      }
      try {
        await send(deps, mail);
        await mark(deps.db, mail.id, 'sent');
        sent += 1;
      } catch (error) {
        deps.log.warn({ err: error, notification: mail.id, attempt: mail.email_attempts }, 'sending an order email failed');
        if (mail.email_attempts >= MAX_ATTEMPTS) await mark(deps.db, mail.id, 'failed');
        // Else the lease runs out and a later delivery tries again.
      }
    }
    if (claimed.length < BATCH) return sent;
  }
}

async function mark(db: Db, id: string, state: 'sent' | 'skipped' | 'failed'): Promise<void> {
  await db.query('update notifications set email_state = $2, email_lease_until = null where id = $1', [id, state]);
}

async function send(deps: OutboxDeps, mail: Claimed): Promise<void> {
  const { clientUrl, from } = deps.config;
  const orderUrl = mail.kind.startsWith('payout_')
    ? `${clientUrl}/dashboard/earnings`
    : mail.kind === 'message' && mail.booking_id === null && mail.thread_id !== null ? `${clientUrl}/dashboard/messages/${encodeURIComponent(mail.thread_id)}`
    : mail.kind === 'report_outcome' || mail.kind === 'moderated' ? `${clientUrl}/dashboard`
    : mail.offer_id !== null ? `${clientUrl}/dashboard/offers/${encodeURIComponent(mail.offer_id)}`
    : mail.book_id !== null && (mail.kind === 'want_listed' || mail.kind === 'price_drop') ? `${clientUrl}/books/${encodeURIComponent(mail.book_id)}`
    : mail.booking_id === null ? `${clientUrl}/dashboard` : `${clientUrl}/dashboard/orders/${encodeURIComponent(mail.booking_id)}`;
  const unsubscribeUrl = `${clientUrl}/unsubscribe?token=${encodeURIComponent(deps.tokens.make(mail.user_id, mail.kind))}`;
  const { subject, text } = renderMail({
    kind: mail.kind,
    role: mail.role,
    bookName: mail.book_name,
    deadline: mail.deadline,
    reason: mail.reason,
    amountCents: mail.amount_cents === null ? null : Number(mail.amount_cents),
    action: mail.action,
    recipientName: mail.name,
    orderUrl,
    unsubscribeUrl,
  });
  await deps.transport?.sendMail({
    from,
    to: { name: mail.name, address: mail.email },
    subject,
    text,
    headers: { 'X-Book-Resale-Kind': mail.kind },
    list: { unsubscribe: { url: unsubscribeUrl, comment: 'Stop emails like this one' } },
  });
}
