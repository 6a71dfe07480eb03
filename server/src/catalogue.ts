/** The catalogue every new database starts with; covers live in `server/seed/images/`. */
export interface SeedBook {
  name: string;
  author: string;
  /** ISBN-13 of a common edition. */
  isbn: string;
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

const CONDITION_NOTES: Record<string, string> = {
  Excillent: 'Clean pages, tight spine, no markings.',
  Good: 'Light wear on the cover and a few creased corners; the pages are clean.',
  Fair: 'Worn cover and spine, some pencil notes; every page is there.',
};

const book = (
  [name, author, isbn]: [string, string, string],
  cover: string,
  location: string,
  resale_price: number,
  orginal_price: number,
  uses: string,
  condition = 'Good',
): SeedBook => ({
  name, author, isbn, cover, location, resale_price, orginal_price, uses, condition,
  description: `${name} by ${author}. ${CONDITION_NOTES[condition]}`,
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
      book(['Pride and Prejudice', 'Jane Austen', '9780141439518'], 'fiction-pride-and-prejudice.svg', 'Boston', 6, 14, '2 years', 'Excillent'),
      book(['Moby-Dick', 'Herman Melville', '9780142437247'], 'fiction-moby-dick.svg', 'New Bedford', 7.5, 18, '5 years'),
      book(['Great Expectations', 'Charles Dickens', '9780141439563'], 'fiction-great-expectations.svg', 'Chicago', 5, 12, '3 years', 'Fair'),
      book(['Jane Eyre', 'Charlotte Brontë', '9780141441146'], 'fiction-jane-eyre.svg', 'Portland', 6.25, 15, '1 year', 'Excillent'),
    ],
  },
  {
    name: 'Science',
    category: 'science',
    books: [
      book(['A Brief History of Time', 'Stephen Hawking', '9780553380163'], 'science-brief-history-of-time.svg', 'Seattle', 9, 20, '4 years'),
      book(['The Selfish Gene', 'Richard Dawkins', '9780198788607'], 'science-selfish-gene.svg', 'Denver', 8, 19, '2 years', 'Excillent'),
      book(['Cosmos', 'Carl Sagan', '9780345539434'], 'science-cosmos.svg', 'Austin', 10, 22, '6 years', 'Fair'),
    ],
  },
  {
    name: 'History',
    category: 'history',
    books: [
      book(['The Histories', 'Herodotus', '9780140449082'], 'history-the-histories.svg', 'Philadelphia', 8.5, 17, '3 years'),
      book(['SPQR', 'Mary Beard', '9781631492228'], 'history-spqr.svg', 'New York', 11, 25, '1 year', 'Excillent'),
      book(['The Guns of August', 'Barbara W. Tuchman', '9780345476098'], 'history-guns-of-august.svg', 'Atlanta', 7, 16, '5 years', 'Fair'),
    ],
  },
  {
    name: 'Children',
    category: 'children',
    books: [
      book(['Charlotte\'s Web', 'E. B. White', '9780064400558'], 'children-charlottes-web.svg', 'Miami', 4, 9, '2 years'),
      book(['The Little Prince', 'Antoine de Saint-Exupéry', '9780156012195'], 'children-little-prince.svg', 'San Diego', 5.5, 11, '1 year', 'Excillent'),
      book(['Matilda', 'Roald Dahl', '9780142410370'], 'children-matilda.svg', 'Phoenix', 4.5, 10, '3 years', 'Fair'),
      book(['Winnie-the-Pooh', 'A. A. Milne', '9780525444435'], 'children-winnie-the-pooh.svg', 'Dallas', 5, 12, '4 years'),
    ],
  },
  {
    name: 'Programming',
    category: 'programming',
    books: [
      book(['The Pragmatic Programmer', 'David Thomas and Andrew Hunt', '9780135957059'], 'programming-pragmatic-programmer.svg', 'San Jose', 22, 45, '2 years'),
      book(['Structure and Interpretation of Computer Programs', 'Harold Abelson and Gerald Jay Sussman', '9780262510875'], 'programming-sicp.svg', 'Cambridge', 25, 55, '6 years', 'Fair'),
      book(['Clean Code', 'Robert C. Martin', '9780132350884'], 'programming-clean-code.svg', 'Minneapolis', 18, 40, '1 year', 'Excillent'),
    ],
  },
];
