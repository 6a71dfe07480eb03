// The demo shop that `npm start` creates on a fresh DATA_DIR (local Auth emulator only).
// One place for the accounts, so the start banner, the seeding and the docs agree.

export const DEMO_PASSWORD = 'demo1234';
export const DEFAULT_ADMIN_EMAIL = 'admin@bookresale.test';

/**
 * The demo accounts. The admin's email is the first of ADMIN_EMAILS (the API makes those
 * admins when their user record is saved), so a custom ADMIN_EMAILS still gets a working admin.
 */
export function demoAccounts(adminEmail = DEFAULT_ADMIN_EMAIL) {
  return [
    {
      key: 'admin',
      name: 'Ada Admin',
      email: adminEmail,
      password: DEMO_PASSWORD,
      role: 'Buyer', // sign-up role; ADMIN_EMAILS makes it admin
      what: 'admin: All seller, All Buyer, verify sellers, delete users',
    },
    {
      key: 'seller',
      name: 'Vera Seller',
      email: 'seller@bookresale.test',
      password: DEMO_PASSWORD,
      role: 'seller',
      what: 'verified seller (role admin after verification) with eight books, the buyer\'s orders of them',
    },
    {
      key: 'newSeller',
      name: 'Sam Newseller',
      email: 'newseller@bookresale.test',
      password: DEMO_PASSWORD,
      role: 'seller',
      what: 'seller awaiting verification',
    },
    {
      key: 'buyer',
      name: 'Bob Buyer',
      email: 'buyer@bookresale.test',
      password: DEMO_PASSWORD,
      role: 'Buyer',
      what: 'buyer with an order in each state: booked, paid, ready, shipped, received, completed, disputed',
    },
  ];
}

/** What the seller's newer books offer: a meet-up, or shipping for $3.99. */
const MEETUP_OR_SHIPPING = { meetup: true, shipping: true, shippingPrice: 3.99 };
const SELLER_CONTACT = { phone: '+1 555 0142', location: 'Providence' };

/**
 * The verified seller's books; each image is a file in scripts/demo-assets/. A book without
 * `delivery` offers a meet-up only (as books listed before delivery existed do).
 */
export const DEMO_PRODUCTS = [
  {
    name: 'Clean Code (demo copy)',
    price: 14,
    orginal_price: 38,
    ...SELLER_CONTACT,
    condition: 'Good',
    category: 'programming',
    uses: '2 years',
    description: 'A few pencil notes in chapter 3, otherwise like new.',
    imageFile: 'book-cover-blue.png',
  },
  {
    name: 'The Hobbit (demo copy)',
    price: 7.5,
    orginal_price: 16,
    ...SELLER_CONTACT,
    condition: 'Excillent',
    category: 'fiction',
    uses: '1 year',
    description: 'Paperback, read once.',
    imageFile: 'book-cover-green.png',
  },
  {
    name: 'Dune (demo copy)',
    author: 'Frank Herbert',
    price: 9,
    orginal_price: 20,
    ...SELLER_CONTACT,
    condition: 'Good',
    category: 'fiction',
    uses: '3 years',
    description: 'Mass-market paperback, spine creased.',
    delivery: MEETUP_OR_SHIPPING,
    imageFile: 'book-cover-blue.png',
  },
  {
    name: 'Sapiens (demo copy)',
    author: 'Yuval Noah Harari',
    price: 11,
    orginal_price: 25,
    ...SELLER_CONTACT,
    condition: 'Excillent',
    category: 'history',
    uses: '6 months',
    description: 'Hardback with its dust jacket.',
    delivery: MEETUP_OR_SHIPPING,
    imageFile: 'book-cover-green.png',
  },
  {
    name: 'A Brief History of Time (demo copy)',
    author: 'Stephen Hawking',
    price: 8,
    orginal_price: 18,
    ...SELLER_CONTACT,
    condition: 'Good',
    category: 'science',
    uses: '4 years',
    description: 'Tenth-anniversary edition, a coffee ring on the back cover.',
    delivery: MEETUP_OR_SHIPPING,
    imageFile: 'book-cover-blue.png',
  },
  {
    name: 'The Pragmatic Programmer (demo copy)',
    author: 'Andrew Hunt, David Thomas',
    price: 22,
    orginal_price: 45,
    ...SELLER_CONTACT,
    condition: 'Excillent',
    category: 'programming',
    uses: '1 year',
    description: '20th-anniversary edition, no notes.',
    delivery: MEETUP_OR_SHIPPING,
    imageFile: 'book-cover-green.png',
  },
  {
    name: "Charlotte's Web (demo copy)",
    author: 'E. B. White',
    price: 5,
    orginal_price: 9,
    ...SELLER_CONTACT,
    condition: 'Fair',
    category: 'children',
    uses: '5 years',
    description: 'Well loved; a name written inside the cover.',
    delivery: MEETUP_OR_SHIPPING,
    imageFile: 'book-cover-blue.png',
  },
  {
    name: 'Middlemarch (demo copy)',
    author: 'George Eliot',
    price: 6.5,
    orginal_price: 14,
    ...SELLER_CONTACT,
    condition: 'Good',
    category: 'fiction',
    uses: '2 years',
    description: 'Penguin Classics paperback, a little yellowed.',
    delivery: MEETUP_OR_SHIPPING,
    imageFile: 'book-cover-green.png',
  },
];

/** How the demo buyer is reached: the booking form's phone and place, and where parcels go. */
export const DEMO_BUYER_CONTACT = {
  phone: '+1 555 0199',
  location: 'Cambridge',
  address: '12 Brattle Street, Cambridge, MA 02138',
};

/**
 * The demo buyer's orders of the seller's books, one in each state an order passes through, so
 * the order page, its timeline, the bells and the local inbox have something to show at once.
 * `state` is where the seed carries the order; `shipping` orders are sent to the buyer's address.
 */
export const DEMO_ORDERS = [
  { book: 'Clean Code (demo copy)', state: 'booked' },
  { book: 'The Hobbit (demo copy)', state: 'paid' },
  { book: 'Dune (demo copy)', state: 'ready' },
  { book: 'Middlemarch (demo copy)', state: 'paid', shipping: true },
  { book: 'Sapiens (demo copy)', state: 'shipped', shipping: true, carrier: 'USPS', tracking: '9400 1118 9922 3845 6712 04' },
  { book: 'A Brief History of Time (demo copy)', state: 'received', shipping: true, carrier: 'UPS', tracking: '1Z 999 AA1 01 2345 6784' },
  { book: 'The Pragmatic Programmer (demo copy)', state: 'completed' },
  {
    book: "Charlotte's Web (demo copy)",
    state: 'disputed',
    shipping: true,
    carrier: 'USPS',
    reason: 'Three pages are missing from chapter 7, which the listing did not say.',
  },
];

/** The test card the demo payments use (the payment sandbox accepts it). */
export const DEMO_CARD = { number: '4242424242424242', exp_month: '12', exp_year: '2034', cvc: '123' };
