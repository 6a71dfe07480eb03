import type { Book } from '../../types/entities';

/** Two books of the fiction category as the API answers them: one verified seller, one not. */
export const dune: Book = {
  _id: 'b1',
  name: 'Dune',
  img: 'https://img.example/dune.jpg',
  location: 'Dhaka',
  resale_price: 8,
  orginal_price: 20,
  seller_name: 'Sam Seller',
  number: '+880 1711 000000',
  uses: '2 years',
  date: '2022-11-03',
  category: 'fiction',
  verified: true,
};

export const emma: Book = {
  _id: 'b2',
  name: 'Emma',
  img: 'https://img.example/emma.jpg',
  location: 'Chittagong',
  resale_price: 4.5,
  orginal_price: 12,
  seller_name: 'Nora New',
  number: '+880 1811 111111',
  uses: '1 year',
  date: '2022-12-01',
  category: 'fiction',
  verified: false,
};
