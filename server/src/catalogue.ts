/** The catalogue every new database starts with; covers live in `server/seed/images/`. */
export interface SeedBook {
  name: string;
  cover: string;
  location: string;
  resale_price: number;
  orginal_price: number;
  uses: string;
  condition: string;
  description: string;
}

export interface SeedCategory {
  name: string;
  category: string;
  books: SeedBook[];
}

const book = (
  name: string,
  cover: string,
  location: string,
  resale_price: number,
  orginal_price: number,
  uses: string,
  condition = 'Good',
): SeedBook => ({
  name, cover, location, resale_price, orginal_price, uses, condition,
  description: `${name}, a ${condition.toLowerCase()} second-hand copy.`,
});

/** The shop itself: a system account (no sign-in, no admin rights); its books show as verified. */
export const SEED_SELLER = { name: 'Book Resale Store', email: 'store@book-resale.local', role: 'seller' } as const;
export const SEED_SELLER_PHONE = '+1 555 0100';
export const SEED_DATE = '2024-01-15';

export const SEED_CATALOGUE: SeedCategory[] = [
  {
    name: 'Fiction',
    category: 'fiction',
    books: [
      book('Pride and Prejudice', 'fiction-pride-and-prejudice.svg', 'Boston', 6, 14, '2 years', 'Excillent'),
      book('Moby-Dick', 'fiction-moby-dick.svg', 'New Bedford', 7.5, 18, '5 years'),
      book('Great Expectations', 'fiction-great-expectations.svg', 'Chicago', 5, 12, '3 years', 'Fair'),
      book('Jane Eyre', 'fiction-jane-eyre.svg', 'Portland', 6.25, 15, '1 year', 'Excillent'),
    ],
  },
  {
    name: 'Science',
    category: 'science',
    books: [
      book('A Brief History of Time', 'science-brief-history-of-time.svg', 'Seattle', 9, 20, '4 years'),
      book('The Selfish Gene', 'science-selfish-gene.svg', 'Denver', 8, 19, '2 years', 'Excillent'),
      book('Cosmos', 'science-cosmos.svg', 'Austin', 10, 22, '6 years', 'Fair'),
    ],
  },
  {
    name: 'History',
    category: 'history',
    books: [
      book('The Histories', 'history-the-histories.svg', 'Philadelphia', 8.5, 17, '3 years'),
      book('SPQR', 'history-spqr.svg', 'New York', 11, 25, '1 year', 'Excillent'),
      book('The Guns of August', 'history-guns-of-august.svg', 'Atlanta', 7, 16, '5 years', 'Fair'),
    ],
  },
  {
    name: 'Children',
    category: 'children',
    books: [
      book('Charlotte\'s Web', 'children-charlottes-web.svg', 'Miami', 4, 9, '2 years'),
      book('The Little Prince', 'children-little-prince.svg', 'San Diego', 5.5, 11, '1 year', 'Excillent'),
      book('Matilda', 'children-matilda.svg', 'Phoenix', 4.5, 10, '3 years', 'Fair'),
      book('Winnie-the-Pooh', 'children-winnie-the-pooh.svg', 'Dallas', 5, 12, '4 years'),
    ],
  },
  {
    name: 'Programming',
    category: 'programming',
    books: [
      book('The Pragmatic Programmer', 'programming-pragmatic-programmer.svg', 'San Jose', 22, 45, '2 years'),
      book('Structure and Interpretation of Computer Programs', 'programming-sicp.svg', 'Cambridge', 25, 55, '6 years', 'Fair'),
      book('Clean Code', 'programming-clean-code.svg', 'Minneapolis', 18, 40, '1 year', 'Excillent'),
    ],
  },
];
