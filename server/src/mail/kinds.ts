/** Every kind of notification, in the app and by email (docs/API.md, "Notifications"). */
export const NOTIFICATION_KINDS = [
  'booked', 'paid', 'ready', 'shipped', 'received', 'disputed', 'completed', 'cancelled', 'expired', 'refunded',
  'ship_reminder', 'problem_window', 'code_locked', 'payout_paid', 'payout_failed',
  'want_listed', 'price_drop', 'listing_changed',
  'message', 'review_posted', 'report_outcome', 'moderated',
  'offer_made', 'offer_countered', 'offer_accepted', 'offer_declined', 'offer_expired', 'offer_reminder',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
