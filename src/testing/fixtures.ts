import type { Booking } from '../types/entities';
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
