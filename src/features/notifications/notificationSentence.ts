import { copy } from '../../config/copy';
import { notificationsCopy } from './copy';
import { paths } from '../../config/paths';
import { formatUsd } from '../../lib/money';
import { formatDay } from '../../lib/orders';
import type { AppNotification, NotificationKind, OfferNotificationKind, PayoutNotificationKind } from '../../types/entities';

const PAYOUT_KINDS: ReadonlySet<NotificationKind> = new Set<PayoutNotificationKind>(['payout_paid', 'payout_failed']);
const OFFER_KINDS: ReadonlySet<NotificationKind> = new Set<OfferNotificationKind>([
  'offer_made', 'offer_countered', 'offer_accepted', 'offer_declined', 'offer_expired', 'offer_reminder',
]);

/** A notification about an offer rather than an order: it leads to the offer. */
export const isOfferNotification = (
  notification: AppNotification,
): notification is AppNotification & { kind: OfferNotificationKind } => OFFER_KINDS.has(notification.kind);

/** A notification about a seller's payout rather than an order. */
export const isPayoutNotification = (
  notification: AppNotification,
): notification is AppNotification & { kind: PayoutNotificationKind } => PAYOUT_KINDS.has(notification.kind);

/**
 * A notification as one sentence, from the reader's side of the order ("Dune is ready to
 * collect"), of their payout ("$18.40 reached your bank"), or of a book they follow ("A book you
 * want was listed: Dune for $12.00").
 */
export function notificationSentence({ kind, role, bookName, deadline, at, amount = 0, reason, action }: AppNotification): string {
  switch (kind) {
    case 'offer_made':
    case 'offer_countered':
    case 'offer_accepted':
    case 'offer_declined':
    case 'offer_expired':
    case 'offer_reminder':
      return notificationsCopy.offerSentences[kind](bookName, formatUsd(amount), formatDay(deadline ?? at), role === 'seller');
    case 'message':
    case 'review_posted':
      return notificationsCopy.trustSentences[kind](bookName);
    case 'report_outcome':
    case 'moderated':
      return notificationsCopy.trustSentences[kind](bookName, action && action !== 'dismiss' ? (notificationsCopy.actionsDone[action] ?? action) : undefined);
    case 'payout_paid':
      return notificationsCopy.payoutSentences.payout_paid(formatUsd(amount));
    case 'payout_failed':
      return copy.notifications.payoutSentences.payout_failed(formatUsd(amount), reason);
    case 'want_listed':
    case 'price_drop':
    case 'listing_changed':
      return notificationsCopy.bookSentences[kind](bookName, formatUsd(amount));
    default:
      return notificationsCopy.sentences[role === 'seller' ? 'seller' : 'buyer'][kind](bookName, formatDay(deadline ?? at));
  }
}

/** A notification with its reason, when it has one the sentence does not already say. */
export function notificationText(notification: AppNotification): string {
  const sentence = notificationSentence(notification);
  return notification.reason && !isPayoutNotification(notification) ? `${sentence}. ${copy.order.reason(notification.reason)}` : sentence;
}

/**
 * Where a notification leads: its order, the earnings for a payout, its offer for an offer's news, the book for a want or a
 * favourite; a message to its order (an order's thread has the booking's id) or its thread; an
 * admin's action to the dashboard.
 */
export function notificationPath(notification: AppNotification): string {
  if (isPayoutNotification(notification)) return paths.earnings;
  if (notification.offerId && isOfferNotification(notification)) return paths.offer(notification.offerId);
  if (notification.kind === 'report_outcome' || notification.kind === 'moderated') return paths.dashboard;
  if (notification.kind === 'message' && !notification.bookingId && notification.threadId) return paths.thread(notification.threadId);
  if (notification.bookId && (notification.kind === 'want_listed' || notification.kind === 'price_drop')) return paths.book(notification.bookId);
  return paths.order(notification.bookingId);
}
