/**
 * Who may call what: one row per route (or per case of a route), one expected status per kind of
 * caller. `authorization-matrix.test.ts` runs every cell and fails when the app registers a route
 * that has no row here, so a new route is added by adding its row:
 *
 *   { route: 'GET /health', expected: statuses(200, 200, 200, 200, 200, 200, 200) },
 *
 * `route` is the method and URL pattern exactly as the route is registered; `path` builds the URL
 * to call (by default the pattern itself, for routes without parameters).
 */

/** The callers, in the order of `expected`. */
export const CALLERS = ['anonymous', 'buyer', 'seller', 'another seller', 'admin', 'deleted user', 'demoted admin'] as const;
export type Caller = (typeof CALLERS)[number];

/**
 * - seller: owns the product, so the booking's book is theirs; buyer: made the booking.
 * - another seller: a seller who owns neither.
 * - deleted user: an admin whom another admin deleted, calling with the access token they held
 *   (still unexpired) and, on the sign-in routes, the ID token of their still-existing account.
 * - demoted admin: promoted to admin, then set back to seller in the database, with the access
 *   token they got while an admin.
 */
export type Expected = [
  anonymous: number, buyer: number, seller: number, anotherSeller: number, admin: number,
  deletedUser: number, demotedAdmin: number,
];
export const statuses = (...expected: Expected): Expected => expected;

/** What exists fresh for every cell that reads it, so a delete or a promotion in one cell cannot change another. */
export interface Fixture {
  productId: string;
  bookingId: string;
  buyerEmail: string;
  sellerId: string;
  targetUserId: string;
  seedImage: string;
}

export interface Row {
  /** `METHOD /pattern`, as registered. */
  route: string;
  /** Which case of the route, when it has several rows. */
  variant?: string;
  path?: (fixture: Fixture, callerEmail: string) => string;
  body?: (fixture: Fixture, callerEmail: string) => object;
  /** The sign-in routes take the identity provider's ID token instead of the API's access token. */
  credential?: 'id token';
  /** The answer is an event stream: the test ends it once it opened. */
  stream?: true;
  expected: Expected;
}

const EVERYONE_200 = statuses(200, 200, 200, 200, 200, 200, 200);
const SIGNED_IN = statuses(401, 200, 200, 200, 200, 401, 200);
const SELLERS = statuses(401, 403, 200, 200, 200, 401, 200);
const ADMINS = statuses(401, 403, 403, 403, 200, 401, 403);
/** The buyer's own things: the buyer, and for reading, an admin. */
const BUYER_OR_ADMIN = statuses(401, 200, 403, 403, 200, 401, 403);
const BUYER_ONLY = statuses(401, 200, 403, 403, 403, 401, 403);
/** An order's two sides; anyone else is told it does not exist. */
const SIDES_ONLY = statuses(401, 200, 200, 404, 404, 401, 404);

export const MATRIX: Row[] = [
  // Public: anyone, and a refused token makes its caller a visitor rather than an error.
  { route: 'GET /bookCatagories', expected: EVERYONE_200 },
  { route: 'GET /books/search', path: () => '/books/search?q=dune', expected: EVERYONE_200 },
  { route: 'GET /books/:id', path: (f) => `/books/${f.productId}`, expected: EVERYONE_200 },
  { route: 'GET /sellers/:id', path: (f) => `/sellers/${f.sellerId}`, expected: EVERYONE_200 },
  { route: 'GET /image-host/i/:file', path: (f) => `/image-host/i/${f.seedImage}`, expected: EVERYONE_200 },
  // Liveness and readiness, for load balancers and orchestrators.
  { route: 'GET /health', expected: EVERYONE_200 },
  { route: 'GET /ready', expected: EVERYONE_200 },
  // A book page's view beacon: anyone's, answered 204 (a token only keeps a seller's own views out).
  { route: 'POST /views', body: (f) => ({ bookId: f.productId, session: 'tab-matrix-cell' }), expected: statuses(204, 204, 204, 204, 204, 204, 204) },
  // Stripe's signature is the only credential of the webhook: a user's token counts for nothing.
  { route: 'POST /stripe/webhook', body: () => ({ type: 'payment_intent.succeeded' }), expected: statuses(400, 400, 400, 400, 400, 400, 400) },
  // CORS answers a bare OPTIONS on any path like a preflight.
  { route: 'OPTIONS *', path: () => '/products', expected: statuses(204, 204, 204, 204, 204, 204, 204) },

  // Sign-in: the ID token of the email asked about. A deleted user's account still exists at the
  // identity provider: it has no record to sign in to (404), and may sign up again.
  { route: 'GET /jwt', credential: 'id token', path: (_f, email) => `/jwt?email=${email}`, expected: statuses(401, 200, 200, 200, 200, 404, 200) },
  {
    route: 'POST /users', credential: 'id token', body: (_f, email) => ({ name: 'Again', email, role: 'Buyer' }),
    expected: statuses(401, 200, 200, 200, 200, 200, 200),
  },

  { route: 'GET /bookCatagoriesId', expected: SIGNED_IN },
  { route: 'GET /bookCatagoriesId/:id', path: () => '/bookCatagoriesId/fiction', expected: SIGNED_IN },
  { route: 'GET /users/admin/:email', variant: 'own', path: (_f, email) => `/users/admin/${email}`, expected: SIGNED_IN },
  { route: 'GET /users/admin/:email', variant: "the buyer's", path: (f) => `/users/admin/${f.buyerEmail}`, expected: BUYER_OR_ADMIN },
  { route: 'GET /users/seller/:email', variant: 'own', path: (_f, email) => `/users/seller/${email}`, expected: SIGNED_IN },
  { route: 'GET /users/seller/:email', variant: "the buyer's", path: (f) => `/users/seller/${f.buyerEmail}`, expected: BUYER_OR_ADMIN },
  { route: 'GET /bookings', variant: 'own', path: (_f, email) => `/bookings?email=${email}`, expected: SIGNED_IN },
  { route: 'GET /bookings', variant: "the buyer's", path: (f) => `/bookings?email=${f.buyerEmail}`, expected: BUYER_ONLY },
  // An order is read by its buyer, the seller of its book, and an admin.
  { route: 'GET /bookings/:id', path: (f) => `/bookings/${f.bookingId}`, expected: statuses(401, 200, 200, 403, 200, 401, 403) },
  // The fixture's order is booked: its buyer (or an admin) may cancel it, nobody else.
  {
    route: 'POST /bookings/:id/transitions', variant: 'cancel', path: (f) => `/bookings/${f.bookingId}/transitions`,
    body: () => ({ to: 'cancelled' }), expected: statuses(401, 200, 403, 403, 200, 401, 403),
  },
  // Marking a booked (unpaid) order ready is no next step (409) for those who may see it.
  {
    route: 'POST /bookings/:id/transitions', variant: 'ready too early', path: (f) => `/bookings/${f.bookingId}/transitions`,
    body: () => ({ to: 'ready' }), expected: statuses(401, 409, 409, 403, 409, 401, 403),
  },
  // The seller cannot book their own book (400); everyone else signed in can.
  {
    route: 'POST /bookings', body: (f, email) => ({ bookId: f.productId, email }),
    expected: statuses(401, 200, 400, 200, 200, 401, 200),
  },
  { route: 'DELETE /bookings/:id', path: (f) => `/bookings/${f.bookingId}`, expected: BUYER_ONLY },
  { route: 'POST /create-payment-intent', body: (f) => ({ bookingId: f.bookingId }), expected: BUYER_ONLY },
  // The buyer gets past the ownership check to the unknown transaction (400).
  {
    route: 'POST /payment', body: (f) => ({ bookingId: f.bookingId, transactionId: 'pi_unknown' }),
    expected: statuses(401, 400, 403, 403, 403, 401, 403),
  },

  { route: 'GET /products', expected: SELLERS },
  {
    route: 'POST /products', body: () => ({ name: 'M', price: 9, phone: '1', location: 'L', image: 'https://i.example/m.png' }),
    expected: SELLERS,
  },
  { route: 'DELETE /products/:id', path: (f) => `/products/${f.productId}`, expected: statuses(401, 403, 200, 403, 200, 401, 403) },
  { route: 'GET /products/:id', path: (f) => `/products/${f.productId}`, expected: statuses(401, 403, 200, 403, 200, 401, 403) },
  {
    route: 'PUT /products/:id', path: (f) => `/products/${f.productId}`, body: () => ({ description: 'Edited' }),
    expected: statuses(401, 403, 200, 403, 200, 401, 403),
  },
  // Past the role check: no book-metadata service is configured in the tests (503).
  { route: 'GET /isbn/:isbn', path: () => '/isbn/9780261102217', expected: statuses(401, 403, 503, 503, 503, 401, 503) },
  { route: 'GET /favourites', expected: SIGNED_IN },
  { route: 'PUT /favourites/:bookId', path: (f) => `/favourites/${f.productId}`, expected: SIGNED_IN },
  { route: 'DELETE /favourites/:bookId', path: (f) => `/favourites/${f.productId}`, expected: SIGNED_IN },
  // A seller's bundle policy: anyone reads it, the seller sets their own.
  { route: 'GET /shop-policy/:sellerId', path: (f) => `/shop-policy/${f.sellerId}`, expected: EVERYONE_200 },
  { route: 'PUT /shop-policy', body: () => ({ additionalShipping: '1.50', discounts: [{ minBooks: 3, percent: 10 }] }), expected: SELLERS },
  // Offers: anyone signed in offers on another's book (the fixture's low amount is declined at once, 201);
  // an offer is read and answered only by its sides (offers.test.ts), so an unknown one is 404 to all.
  { route: 'POST /offers', body: (f) => ({ bookIds: [f.productId], amount: 1 }), expected: statuses(401, 201, 400, 201, 201, 401, 201) },
  { route: 'GET /offers', expected: SIGNED_IN },
  { route: 'GET /offers/:id', path: () => '/offers/ffffffffffffffffffffffff', expected: statuses(401, 404, 404, 404, 404, 401, 404) },
  { route: 'POST /offers/:id/accept', path: () => '/offers/ffffffffffffffffffffffff/accept', expected: statuses(401, 404, 404, 404, 404, 401, 404) },
  { route: 'POST /offers/:id/decline', path: () => '/offers/ffffffffffffffffffffffff/decline', expected: statuses(401, 404, 404, 404, 404, 401, 404) },
  {
    route: 'POST /offers/:id/counter', path: () => '/offers/ffffffffffffffffffffffff/counter', body: () => ({ amount: 5 }),
    expected: statuses(401, 404, 404, 404, 404, 401, 404),
  },
  // A bundle is its buyer's own: every signed-in caller has theirs, and none bundles their own book (400).
  { route: 'GET /bundles', expected: SIGNED_IN },
  { route: 'GET /bundles/:sellerId', path: (f) => `/bundles/${f.sellerId}`, expected: SIGNED_IN },
  // Nobody's bundle with the fixture's seller holds a book yet (404, before the row adding one); the seller checks out none of theirs (400).
  {
    route: 'POST /bundles/:sellerId/checkout', path: (f) => `/bundles/${f.sellerId}/checkout`, body: (_f, email) => ({ email }),
    expected: statuses(401, 404, 400, 404, 404, 401, 404),
  },
  {
    route: 'PUT /bundles/:sellerId/books/:bookId', path: (f) => `/bundles/${f.sellerId}/books/${f.productId}`,
    expected: statuses(401, 200, 400, 200, 200, 401, 200),
  },
  { route: 'DELETE /bundles/:sellerId/books/:bookId', path: (f) => `/bundles/${f.sellerId}/books/${f.productId}`, expected: SIGNED_IN },
  { route: 'GET /inventory.csv', expected: SELLERS },
  { route: 'GET /inventory/defaults', expected: SELLERS },
  {
    route: 'PUT /inventory/defaults',
    body: () => ({ phone: null, location: 'Tucson', delivery: 'meetup', category: null }),
    expected: SELLERS,
  },
  // Imports: POST without a file is refused past the role check (400); an import that is nobody's is 404.
  { route: 'POST /inventory/imports', body: () => ({}), expected: statuses(401, 403, 400, 400, 400, 401, 400) },
  { route: 'GET /inventory/imports', expected: SELLERS },
  { route: 'GET /inventory/imports/:id', path: () => '/inventory/imports/nope', expected: statuses(401, 403, 404, 404, 404, 401, 404) },
  { route: 'GET /inventory/imports/:id/errors', path: () => '/inventory/imports/nope/errors', expected: statuses(401, 403, 404, 404, 404, 401, 404) },
  { route: 'POST /inventory/imports/:id/apply', path: () => '/inventory/imports/nope/apply', expected: statuses(401, 403, 404, 404, 404, 401, 404) },
  { route: 'DELETE /inventory/imports/:id', path: () => '/inventory/imports/nope', expected: statuses(401, 403, 404, 404, 404, 401, 404) },
  { route: 'GET /wants', expected: SIGNED_IN },
  { route: 'POST /wants', body: () => ({ q: 'dune' }), expected: SIGNED_IN },
  // A want that is nobody's: the signed-in are told it does not exist.
  { route: 'DELETE /wants/:id', path: () => '/wants/0123456789abcdef01234567', expected: statuses(401, 404, 404, 404, 404, 401, 404) },
  // Reviews: the fixture's order is booked, not completed. Its sides are told so (409); nobody else
  // may review it, an admin included (403). Its sides and an admin read its reviews.
  {
    route: 'POST /bookings/:id/reviews', path: (f) => `/bookings/${f.bookingId}/reviews`, body: () => ({ rating: 5 }),
    expected: statuses(401, 409, 409, 403, 403, 401, 403),
  },
  { route: 'GET /bookings/:id/reviews', path: (f) => `/bookings/${f.bookingId}/reviews`, expected: statuses(401, 200, 200, 403, 200, 401, 403) },
  // A review that is nobody's: the signed-in are told it does not exist.
  {
    route: 'POST /reviews/:id/reply', path: () => '/reviews/0123456789abcdef01234567/reply', body: () => ({ text: 'Thanks' }),
    expected: statuses(401, 404, 404, 404, 404, 401, 404),
  },
  // Public: a seller's shown reviews and score.
  { route: 'GET /users/:id/reviews', path: (f) => `/users/${f.sellerId}/reviews`, expected: EVERYONE_200 },
  // Messages: an order's thread is its two sides' (the buyer's booking of the seller's book); a
  // third user and an admin are told it does not exist (an admin reads only reported threads).
  { route: 'GET /threads', expected: SIGNED_IN },
  { route: 'GET /threads/:id', path: (f) => `/threads/${f.bookingId}`, expected: SIDES_ONLY },
  { route: 'GET /threads/:id/messages', path: (f) => `/threads/${f.bookingId}/messages`, expected: SIDES_ONLY },
  {
    route: 'POST /threads/:id/messages', path: (f) => `/threads/${f.bookingId}/messages`, body: () => ({ text: 'Hello' }),
    expected: statuses(401, 201, 201, 404, 404, 401, 404),
  },
  { route: 'POST /threads/:id/read', path: (f) => `/threads/${f.bookingId}/read`, expected: SIDES_ONLY },
  // Anyone signed in asks about the seller's book, except the seller.
  {
    route: 'POST /books/:id/questions', path: (f) => `/books/${f.productId}/questions`, body: () => ({ text: 'Any notes inside?' }),
    expected: statuses(401, 201, 400, 201, 201, 401, 201),
  },
  { route: 'GET /blocks', expected: SIGNED_IN },
  { route: 'POST /blocks/:userId', path: (f) => `/blocks/${f.targetUserId}`, expected: SIGNED_IN },
  { route: 'DELETE /blocks/:userId', path: (f) => `/blocks/${f.targetUserId}`, expected: SIGNED_IN },
  // Anyone signed in reports a listing, except its seller.
  {
    route: 'POST /reports', body: (f) => ({ kind: 'book', id: f.productId, reason: 'spam' }),
    expected: statuses(401, 201, 400, 201, 201, 401, 201),
  },
  { route: 'GET /admin/reports', expected: ADMINS },
  // No such report: an admin gets as far as finding none.
  {
    route: 'POST /admin/reports/:id/actions', path: () => '/admin/reports/0123456789abcdef01234567/actions',
    body: () => ({ action: 'dismiss', reason: 'Nothing wrong' }), expected: statuses(401, 403, 403, 403, 404, 401, 403),
  },
  { route: 'POST /admin/users/:id/reinstate', path: (f) => `/admin/users/${f.targetUserId}/reinstate`, body: () => ({ reason: 'Appeal upheld' }), expected: ADMINS },
  { route: 'GET /mybuyers', expected: SELLERS },
  { route: 'GET /earnings', expected: SELLERS },
  { route: 'GET /earnings/entries', expected: SELLERS },
  { route: 'GET /earnings/entries.csv', expected: SELLERS },
  // Insight: a seller's Stats of their own shop, the admin's of the marketplace; a seller's
  // reliability is public.
  { route: 'GET /insight/seller', expected: SELLERS },
  { route: 'GET /insight/seller.csv', path: () => '/insight/seller.csv?table=daily', expected: SELLERS },
  { route: 'GET /insight/seller/books', expected: SELLERS },
  { route: 'GET /insight/seller/books.csv', expected: SELLERS },
  { route: 'GET /insight/admin', expected: ADMINS },
  { route: 'GET /insight/admin.csv', path: () => '/insight/admin.csv?table=payouts', expected: ADMINS },
  { route: 'GET /users/:id/reliability', path: (f) => `/users/${f.sellerId}/reliability`, expected: EVERYONE_200 },
  // The admin's lists as CSV.
  { route: 'GET /seller.csv', expected: ADMINS },
  { route: 'GET /buyer.csv', expected: ADMINS },
  { route: 'GET /admin/orders.csv', expected: ADMINS },
  { route: 'GET /admin/disputes.csv', expected: ADMINS },
  { route: 'GET /admin/payouts.csv', expected: ADMINS },
  { route: 'GET /admin/reports.csv', expected: ADMINS },
  { route: 'POST /payout-account/link', expected: SELLERS },
  // Sellers with no payout account: nothing to pay them through (409).
  { route: 'POST /payouts', expected: statuses(401, 403, 409, 409, 409, 401, 409) },
  // Past the role check the upload is refused for its body (not multipart), which is enough here.
  {
    route: 'POST /image-host/1/upload', path: () => '/image-host/1/upload?key=book-resale-local', body: () => ({}),
    expected: statuses(401, 403, 400, 400, 400, 401, 400),
  },

  { route: 'GET /notifications', expected: SIGNED_IN },
  { route: 'POST /notifications/read-all', expected: SIGNED_IN },
  // A notification that is nobody's: the signed-in are told it does not exist.
  { route: 'POST /notifications/:id/read', path: () => '/notifications/999999999/read', expected: statuses(401, 404, 404, 404, 404, 401, 404) },
  { route: 'GET /notification-settings', expected: SIGNED_IN },
  { route: 'PUT /notification-settings', body: () => ({ email: { paid: false } }), expected: SIGNED_IN },
  { route: 'GET /events', stream: true, expected: SIGNED_IN },
  // Public: the signed link of an email is the credential; a forged one is refused for everyone.
  { route: 'POST /notifications/unsubscribe', body: () => ({ token: 'forged.token' }), expected: statuses(400, 400, 400, 400, 400, 400, 400) },

  { route: 'GET /admin/disputes', expected: ADMINS },
  { route: 'GET /admin/payouts', expected: ADMINS },
  { route: 'GET /admin/payouts/waiting', expected: ADMINS },
  { route: 'GET /admin/commission', expected: ADMINS },
  { route: 'GET /admin/reconciliation', expected: ADMINS },
  { route: 'POST /admin/reconciliation', expected: ADMINS },
  // A payout that does not exist: the admin is told so.
  { route: 'POST /admin/payouts/:id/retry', path: () => '/admin/payouts/0123456789abcdef01234567/retry', expected: statuses(401, 403, 403, 403, 404, 401, 403) },
  { route: 'GET /seller', expected: ADMINS },
  { route: 'GET /buyer', expected: ADMINS },
  { route: 'PUT /users/seller/:id', path: (f) => `/users/seller/${f.targetUserId}`, expected: ADMINS },
  { route: 'PUT /users/admin/:id', path: (f) => `/users/admin/${f.targetUserId}`, expected: ADMINS },
  { route: 'DELETE /users/admin/:id', path: (f) => `/users/admin/${f.targetUserId}`, expected: ADMINS },
];
