import type { AppNotification } from '../../types/entities';
import { notificationPath, notificationSentence, notificationText } from './notificationSentence';

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
