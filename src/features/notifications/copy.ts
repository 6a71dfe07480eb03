/** The page an email's unsubscribe link opens. */
export const unsubscribeCopy = {
  title: 'Unsubscribe',
  working: 'Turning these emails off…',
  done: (kind: string) => `Done: we no longer email you when this happens: ${kind}.`,
  toSettings: 'See all email settings',
  failed: 'This unsubscribe link did not work. It may be incomplete; you can turn emails off in your settings.',
  missing: 'This link has no unsubscribe token. Open the link from the email again.',
} as const;

/** The notifications page (/dashboard/notifications) and the email settings (/dashboard/notifications/settings). */
export const notificationsCopy = {
  title: 'Notifications',
  markAllRead: 'Mark all as read',
  markRead: 'Mark as read',
  markReadLabel: (entry: string) => `Mark as read: ${entry}`,
  empty: 'Nothing yet. We tell you here when one of your orders moves.',
  failed: 'Your notifications could not be loaded.',
  unread: 'unread',
  settings: 'Email settings',
  /** One sentence per kind and side of the order. */
  sentences: {
    buyer: {
      booked: (book: string) => `You booked ${book}: pay for it to keep it`,
      paid: (book: string) => `You paid for ${book}`,
      ready: (book: string) => `${book} is ready to collect`,
      shipped: (book: string) => `${book} is on its way`,
      received: (book: string) => `You received ${book}`,
      disputed: (book: string) => `Your problem with ${book} was reported: an admin will decide`,
      completed: (book: string) => `Your order of ${book} is complete`,
      cancelled: (book: string) => `Your booking of ${book} was cancelled`,
      expired: (book: string) => `Your booking of ${book} expired unpaid`,
      refunded: (book: string) => `Your order of ${book} was refunded`,
      ship_reminder: (book: string) => `The seller of ${book} has a day left to ship it`,
      problem_window: (book: string, day: string) => `You received ${book}: report a problem by ${day}`,
      code_locked: (book: string) => `Five wrong hand-over codes were entered for ${book}: codes are paused for 15 minutes`,
    },
    seller: {
      booked: (book: string) => `Your book ${book} was booked`,
      paid: (book: string) => `Your book ${book} was paid for: get it ready`,
      ready: (book: string) => `${book} is marked ready for its buyer`,
      shipped: (book: string) => `${book} is marked shipped`,
      received: (book: string) => `The buyer received ${book}`,
      disputed: (book: string) => `The buyer reported a problem with ${book}`,
      completed: (book: string) => `The sale of ${book} is complete`,
      cancelled: (book: string) => `The booking of ${book} was cancelled`,
      expired: (book: string) => `The booking of ${book} expired unpaid`,
      refunded: (book: string) => `The order of ${book} was refunded`,
      ship_reminder: (book: string, day: string) => `Ship ${book} by ${day}`,
      problem_window: (book: string, day: string) => `The buyer of ${book} may report a problem until ${day}`,
      code_locked: (book: string) => `Five wrong hand-over codes for ${book}: codes are paused for 15 minutes`,
    },
  },
  /** A buyer's wants and favourites, by the book and its price ("$12.00"). */
  bookSentences: {
    want_listed: (book: string, amount: string) => `A book you want was listed: ${book} for ${amount}`,
    price_drop: (book: string, amount: string) => `${book}, one of your favourites, now costs ${amount}`,
    listing_changed: (book: string) => `The seller changed the listing of ${book}; your booking keeps its price`,
  },
  /** A seller's payout, by its amount ("$18.40"); a failed one's sentence is shared (`copy.notifications`). */
  payoutSentences: {
    payout_paid: (amount: string) => `${amount} reached your bank`,
  },
  kinds: {
    booked: 'A book is booked',
    paid: 'An order is paid',
    ready: 'A book is ready to collect',
    shipped: 'A book is shipped',
    received: 'A book is received',
    disputed: 'A problem is reported',
    completed: 'An order is complete',
    cancelled: 'A booking is cancelled',
    expired: 'A booking expires unpaid',
    refunded: 'An order is refunded',
    ship_reminder: 'A day is left to ship',
    problem_window: 'The time to report a problem starts',
    code_locked: 'Hand-over codes are paused',
    payout_paid: 'A payout reaches your bank',
    payout_failed: 'A payout fails',
    want_listed: 'A book you want is listed',
    price_drop: "A favourite's price drops",
    listing_changed: 'A booked listing changes',
    message: 'A message waits unread',
    review_posted: 'You are reviewed',
    report_outcome: 'Your report is handled',
    moderated: 'An admin acts on your account',
    offer_made: 'A buyer makes an offer',
    offer_countered: 'An offer is countered',
    offer_accepted: 'An offer is accepted',
    offer_declined: 'An offer is declined',
    offer_expired: 'An offer expires',
    offer_reminder: 'A day is left to answer an offer',
  },
  /** An offer's news, by its books ("Dune and 2 more"), its amount ("$12.00") and, for a deadline, its day; the reader's side first. */
  offerSentences: {
    offer_made: (book: string, amount: string, day: string) => `A buyer offers ${amount} for ${book}: answer by ${day}`,
    offer_countered: (book: string, amount: string, day: string, seller: boolean) =>
      `The ${seller ? 'buyer' : 'seller'} answered with ${amount} for ${book}: answer by ${day}`,
    offer_accepted: (book: string, amount: string, day: string, seller: boolean) =>
      seller ? `An offer of ${amount} for ${book} was accepted: sold once the buyer pays` : `Your offer of ${amount} for ${book} was accepted: pay by ${day}`,
    offer_declined: (book: string) => `The offer for ${book} was declined`,
    offer_expired: (book: string) => `The offer for ${book} expired unanswered`,
    offer_reminder: (book: string, _amount: string, day: string) => `An offer for ${book} waits for your answer: it expires ${day}`,
  },
  /** Messages and the trust queue; `done` says what an admin did. */
  trustSentences: {
    message: (book: string) => `New message about ${book}`,
    review_posted: (book: string) => `You were reviewed for ${book}`,
    report_outcome: (book: string, done?: string) =>
      done ? `We acted on your report about ${book}: ${done}` : `Your report about ${book} was looked at: no action taken`,
    moderated: (book: string, done?: string) => `An admin acted on ${book}${done ? `: ${done}` : ''}`,
  },
  actionsDone: { hide: 'it was hidden', suspend: 'the account was suspended', delete: 'the account was deleted', reinstate: 'the suspension was lifted' } as Record<string, string>,
  settingsTitle: 'Email settings',
  settingsHint: 'Choose which emails we send you. You always see every notification here.',
  settingsFailed: 'Your email settings could not be loaded.',
} as const;
