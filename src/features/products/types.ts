/** The products feature's wire types: a seller's listing as `GET /products`, `GET /products/:id` and `PUT /products/:id` answer it, and what `GET /isbn/:isbn` knows of an ISBN. */

import type { DeliveryOffer } from '../../types/entities';
import type { OfferTerms } from '../offers/types';

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
  delivery?: DeliveryOffer;
  /** Dollars: what the seller keeps of the price at today's commission (the shipping is theirs on top). */
  youReceive?: number;
  author?: string;
  /** ISBN-13, when the seller gave one. */
  isbn?: string | null;
  /** One listing's page only: whether it takes offers, and its automatic decline and accept. */
  offers?: OfferTerms;
}

/** What the book-metadata service knows of an ISBN (`GET /isbn/:isbn`); `cover` is on the shop's image host. */
export interface IsbnBook {
  isbn13: string;
  title: string;
  author: string;
  publisher?: string;
  year?: number;
  cover?: string;
}
