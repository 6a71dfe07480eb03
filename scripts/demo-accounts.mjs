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
      what: 'verified seller (role admin after verification) with two listed books',
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
      what: 'buyer with one unpaid and one paid booking',
    },
  ];
}

/** The verified seller's books; each image is a file in scripts/demo-assets/. */
export const DEMO_PRODUCTS = [
  {
    name: 'Clean Code (demo copy)',
    price: 14,
    orginal_price: 38,
    phone: '+1 555 0142',
    location: 'Providence',
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
    phone: '+1 555 0142',
    location: 'Providence',
    condition: 'Excillent',
    category: 'fiction',
    uses: '1 year',
    description: 'Paperback, read once.',
    imageFile: 'book-cover-green.png',
  },
];

/** The demo buyer books the first product and books and pays for the second. */
export const DEMO_BOOKINGS = {
  unpaid: DEMO_PRODUCTS[0].name,
  paid: DEMO_PRODUCTS[1].name,
  phone: '+1 555 0199',
  location: 'Cambridge',
};

/** The test card the demo payment uses (the payment sandbox accepts it). */
export const DEMO_CARD = { number: '4242424242424242', exp_month: '12', exp_year: '2034', cvc: '123' };
