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
