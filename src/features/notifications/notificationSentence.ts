import { copy } from '../../config/copy';
import { paths } from '../../config/paths';
import { formatUsd } from '../../lib/money';
import { formatDay } from '../../lib/orders';
import type { AppNotification, NotificationKind, PayoutNotificationKind } from '../../types/entities';

const PAYOUT_KINDS: ReadonlySet<NotificationKind> = new Set<PayoutNotificationKind>(['payout_paid', 'payout_failed']);

/** A notification about a seller's payout rather than an order. */
export const isPayoutNotification = (
  notification: AppNotification,
): notification is AppNotification & { kind: PayoutNotificationKind } => PAYOUT_KINDS.has(notification.kind);

/**
 * A notification as one sentence, from the reader's side of the order ("Dune is ready to
 * collect"), or of their payout ("$18.40 reached your bank").
 */
export function notificationSentence({ kind, role, bookName, deadline, at, amount = 0, reason }: AppNotification): string {
  switch (kind) {
    case 'payout_paid':
      return copy.notifications.payoutSentences.payout_paid(formatUsd(amount));
    case 'payout_failed':
      return copy.notifications.payoutSentences.payout_failed(formatUsd(amount), reason);
    default:
      return copy.notifications.sentences[role][kind](bookName, formatDay(deadline ?? at));
  }
}

/** A notification with its reason, when it has one the sentence does not already say. */
export function notificationText(notification: AppNotification): string {
  const sentence = notificationSentence(notification);
  return notification.reason && !isPayoutNotification(notification) ? `${sentence}. ${copy.order.reason(notification.reason)}` : sentence;
}

/** Where a notification leads: its order, or the earnings for a payout. */
export const notificationPath = (notification: AppNotification): string =>
  isPayoutNotification(notification) ? paths.earnings : paths.order(notification.bookingId);
