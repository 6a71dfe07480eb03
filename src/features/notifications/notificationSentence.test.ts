import type { AppNotification } from '../../types/entities';
import { notificationPath, notificationSentence, notificationText } from './notificationSentence';
import { formatDay } from '../../lib/orders';

const payoutNote = (overrides: Partial<AppNotification>): AppNotification => ({
  _id: '7',
  kind: 'payout_paid',
  bookingId: '',
  bookName: '',
  role: 'seller',
  at: '2025-11-24T09:00:00.000Z',
  read: false,
  payoutId: 'po1',
  amount: 18.4,
  ...overrides,
});

describe('payout notifications', () => {
  it('a payout paid: its amount reached the bank', () => {
    expect(notificationSentence(payoutNote({}))).toBe('$18.40 reached your bank');
  });

  it('a payout failed: its amount, why (one full stop), and that the money is available again', () => {
    expect(notificationSentence(payoutNote({ kind: 'payout_failed', amount: 9.2, reason: 'The bank account is closed.' }))).toBe(
      'Your payout of $9.20 failed: The bank account is closed. The money is available again.',
    );
    expect(notificationSentence(payoutNote({ kind: 'payout_failed', amount: 1234.5 }))).toBe(
      'Your payout of $1,234.50 failed. The money is available again.',
    );
  });

  it('the reason is not said twice, and both lead to the earnings', () => {
    const failed = payoutNote({ kind: 'payout_failed', amount: 9.2, reason: 'No such account' });
    expect(notificationText(failed)).toBe('Your payout of $9.20 failed: No such account. The money is available again.');
    expect(notificationPath(failed)).toBe('/dashboard/earnings');
    expect(notificationPath(payoutNote({}))).toBe('/dashboard/earnings');
  });

  it("an order's notification still leads to its order, its reason after it", () => {
    const disputed = payoutNote({ kind: 'disputed', role: 'seller', bookingId: 'b1', bookName: 'Dune', reason: 'Torn' });
    expect(notificationText(disputed)).toBe('The buyer reported a problem with Dune. Reason: Torn');
    expect(notificationPath(disputed)).toBe('/dashboard/orders/b1');
  });
});

describe("a buyer's wants and favourites", () => {
  const bookNote = (overrides: Partial<AppNotification>): AppNotification =>
    payoutNote({ role: 'buyer', payoutId: undefined, bookingId: '', bookName: 'Dune', ...overrides });

  it('a wanted book listed: its name and price, leading to the book', () => {
    const listed = bookNote({ kind: 'want_listed', bookId: 'bk1', wantId: 'w1', amount: 12 });
    expect(notificationSentence(listed)).toBe('A book you want was listed: Dune for $12.00');
    expect(notificationPath(listed)).toBe('/books/bk1');
  });

  it("a favourite's price dropped: its new price, leading to the book", () => {
    const dropped = bookNote({ kind: 'price_drop', bookId: 'bk1', amount: 9 });
    expect(notificationText(dropped)).toBe('Dune, one of your favourites, now costs $9.00');
    expect(notificationPath(dropped)).toBe('/books/bk1');
  });

  it('a booked listing changed: the booking keeps its price, leading to the order', () => {
    const changed = bookNote({ kind: 'listing_changed', bookingId: 'b7' });
    expect(notificationSentence(changed)).toBe('The seller changed the listing of Dune; your booking keeps its price');
    expect(notificationPath(changed)).toBe('/dashboard/orders/b7');
  });
});

describe('messages and the trust queue', () => {
  const note = (overrides: Partial<AppNotification>): AppNotification =>
    payoutNote({ role: 'buyer', payoutId: undefined, amount: undefined, bookingId: '', bookName: 'Dune', ...overrides });

  it("a message unread: an order's leads to the order (its thread has the booking's id), a question's to its thread", () => {
    const ordered = note({ kind: 'message', bookingId: 'b1', threadId: 'b1' });
    expect(notificationSentence(ordered)).toBe('New message about Dune');
    expect(notificationPath(ordered)).toBe('/dashboard/orders/b1');
    expect(notificationPath(note({ kind: 'message', threadId: 'q7' }))).toBe('/dashboard/messages/q7');
  });

  it('a review posted: leading to the order', () => {
    const reviewed = note({ kind: 'review_posted', role: 'seller', bookingId: 'b2' });
    expect(notificationSentence(reviewed)).toBe('You were reviewed for Dune');
    expect(notificationPath(reviewed)).toBe('/dashboard/orders/b2');
  });

  it("a report's outcome and an admin's action: what was done, the reason after it, leading to the dashboard", () => {
    const acted = note({ kind: 'report_outcome', role: 'user', action: 'hide' });
    expect(notificationText(acted)).toBe('We acted on your report about Dune: it was hidden');
    expect(notificationPath(acted)).toBe('/dashboard');
    const dismissed = note({ kind: 'report_outcome', role: 'user', action: 'dismiss', reason: 'Not against the rules' });
    expect(notificationText(dismissed)).toBe('Your report about Dune was looked at: no action taken. Reason: Not against the rules');
    const moderated = note({ kind: 'moderated', role: 'user', action: 'suspend', reason: 'Spam' });
    expect(notificationText(moderated)).toBe('An admin acted on Dune: the account was suspended. Reason: Spam');
    expect(notificationPath(moderated)).toBe('/dashboard');
  });
});

describe('offers', () => {
  const deadline = '2026-12-05T10:00:00.000Z';
  const offerNote = (overrides: Partial<AppNotification>): AppNotification =>
    payoutNote({ payoutId: undefined, bookingId: '', bookName: 'Dune', offerId: 'of1', amount: 14, deadline, ...overrides });
  const day = formatDay(deadline);

  it.each<[AppNotification['kind'], AppNotification['role'], string]>([
    ['offer_made', 'seller', `A buyer offers $14.00 for Dune: answer by ${day}`],
    ['offer_countered', 'buyer', `The seller answered with $14.00 for Dune: answer by ${day}`],
    ['offer_countered', 'seller', `The buyer answered with $14.00 for Dune: answer by ${day}`],
    ['offer_accepted', 'buyer', `Your offer of $14.00 for Dune was accepted: pay by ${day}`],
    ['offer_accepted', 'seller', 'An offer of $14.00 for Dune was accepted: sold once the buyer pays'],
    ['offer_declined', 'buyer', 'The offer for Dune was declined'],
    ['offer_expired', 'buyer', 'The offer for Dune expired unanswered'],
    ['offer_reminder', 'seller', `An offer for Dune waits for your answer: it expires ${day}`],
  ])('%s to the %s: its words, leading to the offer', (kind, role, words) => {
    const note = offerNote({ kind, role });
    expect(notificationSentence(note)).toBe(words);
    expect(notificationPath(note)).toBe('/dashboard/offers/of1');
  });

  it("a declined offer says the system's reason", () => {
    expect(notificationText(offerNote({ kind: 'offer_declined', role: 'buyer', reason: 'Below the lowest offer the seller takes' }))).toBe(
      'The offer for Dune was declined. Reason: Below the lowest offer the seller takes',
    );
  });
});
