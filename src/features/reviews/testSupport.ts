import type { Review } from './types';

/** A buyer's review of Sam Seller for order b1, with whatever the test overrides. */
export const aReview = (overrides: Partial<Review> = {}): Review => ({
  _id: 'rev1',
  bookingId: 'b1',
  bookName: 'Dune',
  role: 'buyer',
  author: { _id: 'u-rita', name: 'Rita Reader' },
  subject: { _id: 'u-sam', name: 'Sam Seller' },
  rating: 5,
  comment: 'Quick and friendly.',
  at: '2026-11-10T12:00:00.000Z',
  shown: true,
  reply: null,
  ...overrides,
});
