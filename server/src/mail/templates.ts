import type { NotificationKind } from './kinds';

/** What an email is about: never the hand-over code, a token of the account, or a phone number. */
export interface MailFacts {
  kind: NotificationKind;
  role: 'buyer' | 'seller' | 'user';
  bookName: string;
  deadline: Date | null;
  reason: string | null;
  /** A payout's amount, for its news. */
  amountCents?: number | null;
  /** What an admin did (`report_outcome`, `moderated`). */
  action?: string | null;
  recipientName: string;
  orderUrl: string;
  unsubscribeUrl: string;
}

const WHEN = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', timeZone: 'UTC',
});
const when = (date: Date | null) => (date === null ? 'soon' : `${WHEN.format(date)} UTC`);

const DOLLARS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const dollars = (cents: number | null | undefined) => DOLLARS.format((cents ?? 0) / 100);

/** What an admin's action did, in words. */
const ACTION_DONE: Readonly<Record<string, string>> = {
  hide: 'it was hidden',
  suspend: 'the account was suspended',
  delete: 'the account was deleted',
  reinstate: 'the suspension was lifted',
};

/** The subject and the first lines of each kind of email, by the reader's side of the order. */
function whatHappened({ kind, role, bookName: book, deadline, reason, amountCents, action }: MailFacts): { subject: string; lines: string[] } {
  const because = reason ? [`Reason: ${reason}`] : [];
  switch (kind) {
    case 'booked':
      return role === 'seller'
        ? { subject: `${book} was booked`, lines: [`A buyer booked your book ${book}.`, `They have until ${when(deadline)} to pay.`] }
        : { subject: `You booked ${book}`, lines: [`Pay by ${when(deadline)} to keep it.`] };
    case 'paid':
      return role === 'seller'
        ? { subject: `${book} was paid for`, lines: [`${book} was paid for.`, `Get it ready or ship it by ${when(deadline)}.`] }
        : { subject: `You paid for ${book}`, lines: [`The seller has until ${when(deadline)} to get it ready or ship it.`] };
    case 'ready':
      return { subject: `${book} is ready to collect`, lines: [`The seller has ${book} ready to hand over.`, `Meet them by ${when(deadline)}, and show your hand-over code from the order page.`] };
    case 'shipped':
      return { subject: `${book} is on its way`, lines: [`The seller shipped ${book}.`, 'The order page has the carrier and tracking number, if the seller gave them.'] };
    case 'received':
      return { subject: `${book} was received`, lines: [`The buyer has ${book}.`, `Unless they report a problem by ${when(deadline)}, the sale completes.`] };
    case 'problem_window':
      return { subject: `You received ${book}`, lines: [`If something is wrong with ${book}, report a problem by ${when(deadline)}.`, 'After that the sale completes.'] };
    case 'disputed':
      return role === 'seller'
        ? { subject: `A problem was reported with ${book}`, lines: [`The buyer reported a problem with ${book}. An admin will decide.`, ...because] }
        : { subject: `Your problem report about ${book}`, lines: ['An admin will look at it and decide.', ...because] };
    case 'completed':
      return { subject: `The sale of ${book} is complete`, lines: [`The order for ${book} is complete.`, ...because] };
    case 'cancelled':
      return { subject: `The order for ${book} was cancelled`, lines: [`The order for ${book} was cancelled.`, ...because] };
    case 'expired':
      return { subject: `The booking of ${book} expired`, lines: [`${book} was not paid for in time, so the booking ended.`] };
    case 'refunded':
      return role === 'buyer'
        ? { subject: `You were refunded for ${book}`, lines: [`Your payment for ${book} was refunded in full.`, ...because] }
        : { subject: `The order for ${book} was refunded`, lines: [`The buyer's payment for ${book} was refunded.`, ...because] };
    case 'ship_reminder':
      return { subject: `Ship ${book} by ${when(deadline)}`, lines: [`${book} is paid for and still waiting.`, `Get it ready or ship it by ${when(deadline)}, or the order is cancelled and refunded.`] };
    case 'payout_paid':
      return { subject: `${dollars(amountCents)} reached your bank`, lines: [`Your payout of ${dollars(amountCents)} was paid to your bank account.`] };
    case 'payout_failed':
      return {
        subject: `Your payout of ${dollars(amountCents)} failed`,
        lines: [`Your payout of ${dollars(amountCents)} could not be paid to your bank, so the money is available again.`, ...because, 'Check your payout details on your earnings page, then withdraw again.'],
      };
    case 'want_listed':
      return { subject: `${book} is for sale`, lines: [`A book you asked us to watch for was just listed: ${book}, for ${dollars(amountCents)}.`, 'Book it before someone else does.'] };
    case 'price_drop':
      return { subject: `${book} now costs ${dollars(amountCents)}`, lines: [`${book}, one of your favourites, now costs ${dollars(amountCents)}.`] };
    case 'listing_changed':
      return { subject: `The listing of ${book} changed`, lines: [`The seller changed the listing of ${book}.`, 'Your booking keeps the price you booked it at.'] };
    case 'message':
      return { subject: `New message about ${book}`, lines: [`You have a message about ${book} that you have not read yet.`] };
    case 'review_posted':
      return {
        subject: `You have a review for ${book}`,
        lines: [`The ${role === 'seller' ? 'buyer' : 'seller'} reviewed you for ${book}.`, 'It shows once you have posted yours, or when the time to review ends.'],
      };
    case 'report_outcome':
      return action === 'dismiss'
        ? { subject: 'About your report', lines: [`Thank you for your report about ${book}. An admin looked at it and took no action.`, ...because] }
        : { subject: 'We acted on your report', lines: [`Thank you for your report about ${book}. An admin acted on it: ${ACTION_DONE[action ?? ''] ?? 'it was handled'}.`] };
    case 'moderated':
      return { subject: 'An admin acted on your account', lines: [`An admin acted on ${book}: ${ACTION_DONE[action ?? ''] ?? 'it was handled'}.`, ...because] };
    case 'offer_made':
      return { subject: `An offer of ${dollars(amountCents)} for ${book}`, lines: [`A buyer offers ${dollars(amountCents)} for ${book}.`, `Accept, decline or counter it by ${when(deadline)}, or it expires.`] };
    case 'offer_countered':
      return { subject: `A counter-offer of ${dollars(amountCents)} for ${book}`, lines: [`The ${role === 'buyer' ? 'seller' : 'buyer'} answered with ${dollars(amountCents)} for ${book}.`, `Accept, decline or counter it by ${when(deadline)}, or it expires.`] };
    case 'offer_accepted':
      return role === 'buyer'
        ? { subject: `Your offer for ${book} was accepted`, lines: [`${book} is yours for ${dollars(amountCents)}.`, `Pay by ${when(deadline)}: until then it is held for you.`] }
        : { subject: `An offer for ${book} was accepted`, lines: [`${book} is sold for ${dollars(amountCents)} once the buyer pays.`] };
    case 'offer_declined':
      return { subject: `The offer for ${book} was declined`, lines: [`The offer for ${book} was declined.`, ...because] };
    case 'offer_expired':
      return { subject: `The offer for ${book} expired`, lines: [`The offer for ${book} was not answered in time, so it ended.`] };
    case 'offer_reminder':
      return { subject: `An offer for ${book} waits for your answer`, lines: [`An offer for ${book} expires ${when(deadline)} unless you answer it.`] };
    case 'code_locked':
      return { subject: `Hand-over codes for ${book} are paused`, lines: ['Someone entered a wrong hand-over code for your order five times.', 'Codes are refused for 15 minutes. Only give your code to the seller when you have the book in hand.'] };
  }
}

/** The whole email: subject and plain text. */
export function renderMail(facts: MailFacts): { subject: string; text: string } {
  const { subject, lines } = whatHappened(facts);
  const text = [
    `Hello ${facts.recipientName},`,
    '',
    ...lines,
    '',
    facts.kind.startsWith('payout_') ? `See your earnings: ${facts.orderUrl}`
      : facts.kind === 'want_listed' || facts.kind === 'price_drop' ? `See the book: ${facts.orderUrl}`
      : facts.kind === 'message' ? `Read it: ${facts.orderUrl}`
      : facts.kind === 'report_outcome' || facts.kind === 'moderated' ? `Book Resale: ${facts.orderUrl}` : `See the order: ${facts.orderUrl}`,
    '',
    '--',
    'Book Resale',
    `Stop emails like this one: ${facts.unsubscribeUrl}`,
    '',
  ].join('\n');
  return { subject, text };
}
