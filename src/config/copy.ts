/**
 * The product's words that ship with its first script: every string the specification quotes,
 * kept verbatim, spellings included, and the words several features share. A feature's own words
 * live in its folder (`src/features/<domain>/copy.ts`, and `toasts.ts` for what its listener says),
 * so that a page ships the words it shows.
 */
export const copy = {
  brand: {
    name: 'Book Resale',
    tagline: 'providing since 2000',
    copyright: 'Copyright © 2022 - All right reserved',
  },
  nav: {
    home: 'Home',
    blog: 'Blog',
    dashboard: 'DashBoard',
    login: 'Log In',
    signOut: 'Sign Out',
    menu: 'Menu',
    skipToContent: 'Skip to main content',
  },
  menu: {
    myOrders: 'My Orders',
    allSeller: 'All seller',
    allBuyer: 'All Buyer',
    addProduct: 'Add Product',
    myProducts: 'My Products',
    inventory: 'Inventory',
    myBuyer: 'My Buyer',
    myEarnings: 'My Earnings',
    stats: 'Stats',
    insight: 'Insight',
    favourites: 'Favourites',
    wanted: 'Wanted',
    bundles: 'Bundles',
    shopPolicy: 'Bundle shipping and discounts',
    offers: 'Offers',
    disputes: 'Disputes',
    payouts: 'Payouts',
    reports: 'Reports',
    notifications: 'Notifications',
    notificationSettings: 'Email settings',
    open: 'Dashboard menu',
  },
  home: {
    categoryHeading: 'Book Catagory',
    lifeHackTitle: 'Life hack',
    lifeHackTips: [
      'Read twenty pages a day: a shelf of books a year.',
      'Keep a pencil in the book and mark what surprises you.',
      'Swap finished books: a used book is a new book to someone else.',
      'Read before sleep instead of scrolling; you rest better.',
    ],
    slides: [
      { title: 'Second-hand books, first-hand stories', text: 'Buy the books you want at a fraction of the price.' },
      { title: 'Sell the books you have read', text: 'List a book in a minute and meet a reader near you.' },
      { title: 'Verified sellers', text: 'Look for the tick: our admins verify sellers.' },
      { title: 'Pay safely by card', text: 'Book a book, then pay by card from your dashboard.' },
    ],
    previousSlide: 'Previous slide',
    nextSlide: 'Next slide',
    goToSlide: (n: number) => `Go to slide ${n}`,
    carouselLabel: 'Highlights',
    pauseSlides: 'Pause slideshow',
    playSlides: 'Play slideshow',
    slideLabel: (n: number, total: number) => `${n} of ${total}`,
    noCategories: 'No categories yet.',
    categoriesFailed: 'The categories could not be loaded.',
  },
  login: {
    title: 'Log In',
    email: 'Email',
    password: 'Password',
    submit: 'Log In',
    google: 'continue with Google',
    toSignup: 'New to Book Resale?',
    signupLink: 'Create new account',
    emailRequired: 'Email address required',
    passwordRequired: 'password is required',
  },
  signup: {
    title: 'Sign Up',
    name: 'Name',
    email: 'Email',
    password: 'Password',
    role: 'Role',
    roleBuyer: 'Buyer',
    roleSeller: 'seller',
    submit: 'Sign Up',
    google: 'continue with Google',
    toLogin: 'Already have an account?',
    loginLink: 'Log In',
  },
  books: {
    seller: 'Seller',
    verified: 'verified seller',
    location: 'Location',
    contact: 'Contact',
    originalPrice: 'Original price',
    resalePrice: 'Resale price',
    uses: 'Years of use',
    date: 'Posted',
    condition: (condition: string) => `Condition: ${condition}`,
    bookNow: 'Book Now',
    booked: 'Booked',
    payNow: 'Pay now',
    empty: 'No books in this category yet.',
    failed: 'The books could not be loaded.',
    allBooksTitle: 'All books',
    categoryTitle: (category: string) => `Books: ${category}`,
    loadMore: 'Load more',
    loadingMore: 'Loading more…',
    shown: (n: number) => (n === 1 ? '1 book shown' : `${n.toLocaleString('en-US')} books shown`),
    loadMoreFailed: 'More books could not be loaded. Check your connection and try again.',
  },
  booking: {
    bookName: 'Book name',
    price: 'Price',
    name: 'Name',
    email: 'Email',
    phone: 'Phone',
    location: 'Location',
    submit: 'Submit',
    close: 'Close',
    confirmed: 'Booking Confirm',
    failed: 'The book could not be booked. It may have been sold or withdrawn meanwhile.',
    alreadyBooked: 'You have already booked this book. Pay for it from My Orders.',
  },
  orders: {
    title: 'My Orders',
    index: '#',
    image: 'Image',
    bookTitle: 'Title',
    price: 'Price',
    delete: 'Delete',
    deleteHint: 'cancels an unpaid booking',
    withdrawn: 'This book was withdrawn by the seller',
    pay: 'Pay',
    paid: 'paid',
    empty: 'You have no bookings yet.',
    browse: 'Browse the categories',
    failed: 'Your orders could not be loaded.',
    cancel: 'Cancel booking',
    cancelled: 'Booking cancelled',
    deleteLabel: (bookName: string) => `Delete ${bookName}`,
    cancelTitle: 'Cancel this booking?',
    cancelMessage: (bookName: string) => `Your booking of ${bookName} will be removed.`,
    keep: 'Keep booking',
  },
  payment: {
    paymentFor: 'payment for ',
    pleasePay: 'Please pay $',
    pay: 'Pay',
    processing: 'Processing…',
    success: 'Congrats pyament complete',
    transactionId: 'Your transaction id: ',
    notFound: "We couldn't find this booking",
    withdrawn: 'This book was withdrawn by the seller',
    withdrawnHint: 'It can no longer be paid for. You can remove it from My Orders.',
    notFoundHint: 'It may have been cancelled, or the link is not quite right. Your bookings are all in My Orders.',
    toMyOrders: 'Go to My Orders',
    failed: 'This booking could not be loaded.',
    receipt: 'Receipt',
    receiptBook: 'Book',
    receiptAmount: 'Amount paid',
    receiptTransaction: 'Transaction id',
    receiptDate: 'Date',
    alreadyPaid: 'This booking is already paid.',
    card: 'Card details',
  },
  /**
   * The admins' actions on users and the toast after each, in the specification's words; Cancel, which
   * the wants' dialog shares. The lists' other words are the admin feature's (src/features/admin/copy.ts).
   */
  admin: {
    verify: 'Make Admin seller verify',
    makeSeller: 'Make seller',
    makeSellerDone: ' seller successfully',
    verifyDone: ' seller verify successfully',
    deleted: 'Delete Successfully',
    cancel: 'Cancel',
  },
  /**
   * A seller's products in the specification's words (the conditions, which the search shares, the
   * count, the delete dialog, Cancel and the toasts), and an image too large, which the API's errors
   * say too. The forms' and lists' other words are the products feature's (src/features/products/copy.ts).
   */
  products: {
    conditions: ['Excillent', 'Good', 'Fair'] as const,
    added: (name: string) => `${name} is added successfully`,
    tooLarge: 'This image is larger than 5 MB, the largest the shop takes. Choose a smaller one.',
    cancelUpload: 'Cancel',
    count: 'my products : ',
    deleteTitle: 'Are You Want To Delete Product?',
    deleteMessage: 'If you are delete ',
    deleteConfirm: 'Delete Confirm',
    cancel: 'Cancel',
    deleted: 'Delete Successfully',
  },
  /** My Buyer's words other features share (the link to the products, a book's column) and 'paid', the specification's. */
  myBuyer: {
    toProducts: 'See your products',
    book: 'Book',
    paid: 'paid',
  },
  /** What a seller keeps, wherever a price shows (the listing form, My Products, an order). */
  sellerTake: {
    willReceive: (amount: string) => `You will receive ${amount}`,
    receiveLine: (amount: string) => `you receive ${amount}`,
    youReceive: 'You receive',
    sellerReceives: 'Seller receives',
  },
  /** The end of a dashboard table that pages (My Orders, My Products, My Buyer). */
  tableMore: {
    loadMore: 'Load more',
    loadingMore: 'Loading more…',
    failed: 'More rows could not be loaded. Check your connection and try again.',
    retry: 'Try again',
  },
  /**
   * An order's state wherever it shows (src/lib/orders.ts), the heading of its steps (also in a list's
   * row, src/app/orderRowDetails.tsx) and a reason (also in a notification). The order page's own
   * words are the orders feature's (src/features/orders/copy.ts).
   */
  order: {
    timeline: 'What happened',
    reason: (reason: string) => `Reason: ${reason}`,
    states: {
      booked: 'Booked',
      paid: 'Paid',
      ready: 'Ready',
      shipped: 'Shipped',
      received: 'Received',
      completed: 'Completed',
      cancelled: 'Cancelled',
      expired: 'Expired',
      refunded: 'Refunded',
      disputed: 'Disputed',
    },
  },
  /** An order of several books (a bundle's), wherever it is named: in the lists' rows and on its page. */
  orderLines: {
    name: (first: string, more: number) => `${first} + ${more} more`,
    books: 'Books',
  },
  /** The next deadline in words; `day` is e.g. "Friday 28 November". */
  deadlines: {
    buyer: {
      pay: (day: string) => `Pay by ${day}`,
      ship: (day: string) => `The seller ships by ${day}`,
      handover: (day: string) => `Collect by ${day}`,
      receive: (day: string) => `Counts as received on ${day}`,
      problem: (day: string) => `Report a problem by ${day}`,
    },
    seller: {
      pay: (day: string) => `The buyer pays by ${day}`,
      ship: (day: string) => `Ship by ${day}`,
      handover: (day: string) => `Hand over by ${day}`,
      receive: (day: string) => `Counts as received on ${day}`,
      problem: (day: string) => `The buyer may report a problem until ${day}`,
    },
    admin: {
      pay: (day: string) => `Payment due by ${day}`,
      ship: (day: string) => `Shipping due by ${day}`,
      handover: (day: string) => `Hand-over due by ${day}`,
      receive: (day: string) => `Counts as received on ${day}`,
      problem: (day: string) => `Problem window closes on ${day}`,
    },
  },
  /**
   * The toast after each move on an order, which the orders' listener says (it runs in the app layer,
   * which is at its ceiling), and a failed move; Cancel, a word the specification quotes. The other
   * moves' words are the orders feature's (src/features/orders/copy.ts).
   */
  moves: {
    cancelled: 'Cancel',
    done: {
      ready: 'Marked ready for the buyer',
      shipped: 'Marked shipped',
      received: 'Marked received',
      completed: 'Order completed',
      disputed: 'Problem reported',
      cancelled: 'Order cancelled',
      refunded: 'Order refunded',
    },
    failed: 'The order could not be changed. Try again.',
  },
  /**
   * The navbar's bell (with the navbar, on every signed-in page); what the notifications' listener says
   * (it runs in the app layer, which is at its ceiling); a failed payout, which the earnings' listener
   * says too. The pages' words are the notifications feature's (src/features/notifications/copy.ts).
   */
  notifications: {
    /** `shown`: the count as the badge shows it ("99+" past 99), so the name holds what is seen. */
    bell: (shown: string) => (shown === '' ? 'Notifications' : `Notifications, ${shown} unread`),
    markedAllRead: 'All notifications marked as read',
    markReadFailed: 'The notification could not be marked as read.',
    /** A seller's payout, by its amount ("$18.40"). */
    payoutSentences: {
      payout_failed: (amount: string, reason?: string | null) =>
        `Your payout of ${amount} failed${reason ? `: ${reason.replace(/[.\s]+$/, '')}` : ''}. The money is available again.`,
    },
    settingsSaved: 'Email settings saved',
  },
  /** How a book reaches its buyer: the add-product form and the booking modal. */
  delivery: {
    legend: 'Delivery',
    meetup: 'Meet-up',
    shipping: 'Shipping',
    shippingPrice: 'Shipping price',
    oneRequired: 'Offer a meet-up, shipping or both',
    shippingPriceRequired: 'Enter the shipping price',
    shippingPriceRange: 'Enter a price from $0 to $1,000',
    method: 'How do you want the book?',
    address: 'Shipping address',
    addressRequired: 'Enter the address to ship to',
    addressTooLong: 'At most 500 characters',
    total: 'Total',
    shippingLine: (price: string) => `Shipping: ${price}`,
    totalLine: (price: string) => `Total: ${price}`,
  },
  userCreated: 'user create successfully',
  roles: {
    checkFailed: 'Your account could not be checked.',
    needSeller: 'You need a seller account for this page',
    needAdmin: 'You need an admin account for this page',
    needHint: 'This page is for another kind of account than the one you are signed in with.',
    backHome: 'Back to home',
  },
  bookPage: {
    by: (author: string) => `by ${author}`,
    isbn: 'ISBN',
    condition: 'Condition',
    conditionNotes: {
      Excillent: 'Like new: no marks, tight binding, clean pages',
      Good: 'Read, with light wear; no missing pages',
      Fair: 'Worn but complete; defects noted below',
    } as Record<string, string>,
    aboutCopy: "The seller's description",
    seller: 'Seller',
    location: 'Location',
    uses: 'Years of use',
    listed: 'Listed',
    contact: 'Contact',
    contactSignIn: 'Log in to see the phone number',
    originalPrice: 'Original price',
    price: 'Price',
    booked: 'Booked: pay for it from My Orders',
    bought: 'You bought this book',
    sold: 'This book has been sold.',
    gone: 'This book is no longer listed.',
    goneHint: 'The seller withdrew it, or it never existed. Search for another copy:',
    searchAgain: 'Search books',
    failed: 'The book could not be loaded. Check your connection and try again.',
    retry: 'Try again',
    cover: (name: string) => `Cover of ${name}`,
    photos: 'Photos',
    photo: (name: string, n: number, total: number) => `${name}, photo ${n} of ${total}`,
  },
  sellerPage: {
    memberSince: (date: string) => `Member since ${date}`,
    sold: (n: number) => (n === 1 ? '1 book sold' : `${n.toLocaleString('en-US')} books sold`),
    forSale: (n: number) => (n === 1 ? '1 book for sale' : `${n.toLocaleString('en-US')} books for sale`),
    booksTitle: 'Books for sale',
    none: 'No books for sale right now.',
    gone: 'No such seller.',
    failed: 'The seller could not be loaded. Check your connection and try again.',
  },
  search: {
    label: 'Search books',
    placeholder: 'Title, author or ISBN',
    submit: 'Search',
    title: 'Search',
    titleFor: (q: string) => `Results for “${q}”`,
    /** `more`: the search counted up to `n` and stopped ("1,000+ books"). */
    count: (n: number, more = false) => (more ? `${n.toLocaleString('en-US')}+ books` : n === 1 ? '1 book' : `${n.toLocaleString('en-US')} books`),
    filters: 'Filters',
    /** The phone's button that opens the filters: how many are set. */
    filtersButton: (set: number) => (set === 0 ? 'Filters' : `Filters (${set})`),
    closeFilters: 'Close',
    category: 'Category',
    anyCategory: 'Any category',
    minPrice: 'Min price ($)',
    maxPrice: 'Max price ($)',
    condition: 'Condition',
    anyCondition: 'Any condition',
    location: 'Location',
    apply: 'Apply',
    clearFilters: 'Clear filters',
    sort: 'Sort by',
    sorts: { relevance: 'Best match', newest: 'Newest', price_asc: 'Price: low to high', price_desc: 'Price: high to low' },
    by: (author: string) => `by ${author}`,
    isbn: (isbn: string) => `ISBN ${isbn}`,
    loadMore: 'Load more',
    loadingMore: 'Loading more…',
    shown: (shown: number, total: number, more = false) => `Showing ${shown.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}${more ? '+' : ''}`,
    empty: 'No books match this search.',
    emptyHint: 'Try fewer words, check the spelling, or remove a filter.',
    emptyNoFilters: 'Try fewer words or check the spelling.',
    failed: 'The search could not be run. Check your connection and try again.',
    retry: 'Try again',
    badPrice: 'Enter an amount like 12 or 12.50',
  },
  /**
   * A row's Remove (the wanted books and the favourites), and what the wants' listener says (it runs
   * in the app layer, which is at its ceiling). The wants' other words are in src/features/wants/copy.ts.
   */
  wants: {
    saved: "Saved: we'll tell you when it's listed",
    remove: 'Remove',
    removeLabel: (what: string) => `Remove ${what}`,
  },
  /**
   * A user's score wherever it shows (stars, "4.8 (12)", "96% completed", named on a book and an order),
   * and a comment's limit, which the reports share. The reviews themselves are the reviews feature's
   * (src/features/reviews/copy.ts).
   */
  reviews: {
    none: 'No reviews yet',
    score: (average: string, n: number) => `${average} (${n})`,
    scoreLabel: (average: string, n: number) => `Rated ${average} of 5 by ${n} ${n === 1 ? 'review' : 'reviews'}`,
    completed: (percent: number) => `${percent}% completed`,
    reliable: 'Reliable seller',
    sellerScore: 'Seller rating',
    buyerScore: 'Buyer rating',
    tooLong: (n: number) => `At most ${n.toLocaleString('en-US')} characters`,
  },
  confirm: {
    title: 'Confirm your email',
    notice: (email: string) => `Check your inbox to confirm ${email}`,
    hint: 'Open the link in that mail. This page carries on by itself once you have.',
    check: 'I have confirmed it',
    resend: 'Send the link again',
    resent: (email: string) => `We sent a new link to ${email}`,
    otherAccount: 'Use another account',
    timedOut: 'The confirmation link was not opened in time. Log in once you have confirmed your address.',
  },
  errors: {
    routeHeading: 'Something went to wrong',
    signOut: 'Sign Out',
    backHome: 'Back to home',
    generic: 'Something went wrong. Please try again.',
    googleOffline: 'Google sign-in is not reachable right now. Check your connection or use email and password.',
    config: 'The app is not configured correctly:',
    appLoad: 'The shop could not finish loading. Check your connection, then reload the page.',
  },
  /**
   * Buyer–seller messages, where the dashboard menu names them with their unread count; and Cancel,
   * a word the specification quotes. The rest is the messages feature's (src/features/messages/copy.ts).
   */
  chat: {
    title: 'Messages',
    unread: (n: number) => `${n} unread`,
    cancel: 'Cancel',
  },
  loading: 'Loading…',
  /**
   * Plain sentences for what went wrong: the identity provider's codes and the API's failures.
   * Read through `errorMessage` (src/api/errorMessages.ts); raw codes and validation details never show.
   */
  messages: {
    offline: 'You are offline. Check your connection, then retry.',
    unreachable: 'The shop could not be reached. Check your connection, then retry.',
    timeout: 'The shop took too long to answer. Retry in a moment.',
    server: 'The shop had a problem on its side. Retry in a moment.',
    busy: 'Too many tries in a short time. Wait a minute, then try again.',
    session: 'Your session has ended. Sign out and log in again.',
    retry: 'Retry',
    auth: {
      wrongCredentials: 'Wrong email or password.',
      invalidEmail: "This email address doesn't look right. Check it and try again.",
      emailInUse: 'An account with this email already exists.',
      logInInstead: 'Log in instead?',
      weakPassword: 'Choose a password of at least 6 characters.',
      missingPassword: 'Enter your password.',
      tooManyRequests: 'Too many tries. Wait a few minutes, then try again.',
      network: 'The sign-in service could not be reached. Check your connection, then try again.',
      disabled: 'This account has been disabled. Contact the shop if you think this is a mistake.',
      popupClosed: 'The Google window was closed before you signed in.',
      popupBlocked: 'Your browser blocked the Google window. Allow pop-ups for this site, then try again.',
    },
  },
} as const;

export type Copy = typeof copy;
