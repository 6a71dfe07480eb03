import type { Booking, Order } from '../types/entities';
import { testUser } from './fakeServices';

/** An unpaid booking of the signed-in test user, with whatever the test overrides. */
export const aBooking = (overrides: Partial<Booking> = {}): Booking => ({
  _id: 'b1',
  bookId: 'book-1',
  bookName: 'Dune',
  cusTomername: 'Rita Reader',
  email: testUser.email!,
  location: 'Dhaka',
  phone: '0123',
  resale_price: 12,
  paid: false,
  img: 'https://img.example/dune.jpg',
  ...overrides,
});

/** A paid meet-up order as its buyer reads it, with whatever the test overrides. */
export const anOrder = (overrides: Partial<Order> = {}): Order => ({
  ...aBooking({ paid: true }),
  state: 'paid',
  delivery: { method: 'meetup' },
  shipping_price: 0,
  total: 12,
  timeline: [
    { state: 'booked', at: '2025-11-20T12:00:00.000Z' },
    { state: 'paid', at: '2025-11-21T12:00:00.000Z' },
  ],
  deadline: { kind: 'handover', at: '2025-11-28T12:00:00.000Z' },
  viewer: 'buyer',
  actions: [],
  handoverCode: '042917',
  sellerName: 'Sam Seller',
  createdAt: '2025-11-20T12:00:00.000Z',
  ...overrides,
});
