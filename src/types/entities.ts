/** Entities as they travel on the wire (spellings of the API kept). */

export interface Category {
  _id: string;
  name: string;
  category_id: string;
  category: string;
  img: string;
}

export interface Book {
  _id: string;
  name: string;
  img: string;
  location: string;
  resale_price: number;
  orginal_price: number;
  seller_name: string;
  number: string;
  uses: string;
  date: string;
  category: string;
  condition?: string;
  description?: string;
  verified: boolean;
  author?: string;
  /** ISBN-13, when the seller gave one. */
  isbn?: string | null;
}

/** One book's own page: visitors get no phone number; a sold book stays on record. */
export type BookDetails = Omit<Book, 'number'> & { number?: string; sold: boolean; sellerId: string | null };

/** A seller's public page. */
export interface SellerProfile {
  _id: string;
  name: string;
  verified: boolean;
  memberSince: string;
  booksSold: number;
  booksForSale: number;
}

export interface Product {
  _id: string;
  name: string;
  price: number;
  phone: string;
  location: string;
  condition: string;
  description: string;
  image: string;
  category?: string;
  orginal_price?: number;
  uses?: string;
  date?: string;
  /** Booked and paid: it stays on record and can no longer be deleted. */
  sold?: boolean;
  /** How many buyers hold an unpaid booking of it: deleting it withdraws theirs. */
  openBookings?: number;
}

export type Role = 'Buyer' | 'seller' | 'admin';

export interface User {
  _id: string;
  name: string;
  email: string;
  role: Role;
}

export interface Booking {
  _id: string;
  bookId: string;
  bookName: string;
  cusTomername: string;
  email: string;
  location: string;
  phone: string;
  resale_price: number;
  paid: boolean;
  img?: string;
  /** The seller withdrew the book: it can no longer be paid, only removed (`bookId` is then ''). */
  withdrawn?: boolean;
}

export interface PaymentRecord {
  resale_price: number;
  transactionId: string;
  email: string;
  bookingId: string;
}

/** The signed-in identity, as the identity provider reports it. */
export interface AuthUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  /** The provider has proven the address (its confirmation link was opened, or Google said so). */
  emailVerified: boolean;
}

export interface InsertAnswer {
  acknowledged: boolean;
  insertedId: string;
}

/** `POST /bookings`: `alreadyBooked` when the buyer had booked this book before (`insertedId` is that booking). */
export interface BookingAnswer extends InsertAnswer {
  alreadyBooked?: boolean;
}

export interface DeleteAnswer {
  acknowledged: boolean;
  deletedCount: number;
}

export interface UpdateAnswer {
  acknowledged: boolean;
  modifiedCount: number;
}
