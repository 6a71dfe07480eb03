import type { OfferSide, OfferState, OfferStep } from './types';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Offers: making one, the lists (`/dashboard/offers`), one offer's page and its moves. */
export const offersCopy = {
  title: 'Offers',
  intro: 'Prices offered for books, and the answers: each offer waits for one side at a time.',
  make: 'Make an offer',
  makeForBundle: 'Make an offer for these books',
  dialogTitle: 'Make an offer',
  asking: (price: string) => `Asking price: ${price}`,
  amount: 'Your offer ($)',
  amountHint: (price: string) => `Below the asking price of ${price}`,
  delivery: 'Delivery',
  meetup: 'Meet-up',
  shipping: (price: string | null) => (price ? `Shipping (${price})` : 'Shipping'),
  address: 'Shipping address',
  binding:
    'An offer is binding: you cannot withdraw it. It stands until the seller answers it or it expires (48 hours unless answered), and you can make at most 3 offers on the same books.',
  send: 'Send offer',
  sending: 'Sending…',
  cancel: 'Cancel',
  makeFailed: 'The offer could not be sent.',
  errors: {
    amount: 'Enter an amount in dollars, like 12.50',
    positive: 'An offer is more than $0',
    belowAsking: (price: string) => `An offer is below the asking price of ${price}`,
    address: 'Enter the address to ship to',
    addressTooLong: 'An address has at most 500 characters',
    counterRange: (above: string, below: string) => `Enter an amount above ${above} and below ${below}`,
  },
  made: 'Made',
  received: 'Received',
  tabsLabel: 'Offers made and received',
  stateFilter: 'State',
  allStates: 'All',
  states: { pending: 'Pending', accepted: 'Accepted', declined: 'Declined', expired: 'Expired' } satisfies Record<OfferState, string>,
  emptyMade: 'No offers made yet. On a book’s page, choose “Make an offer” to propose a price.',
  emptyReceived: 'No offers received yet. Buyers’ offers on your books show here.',
  emptyState: (state: string) => `No ${state.toLowerCase()} offers.`,
  browse: 'Search books',
  failed: 'Your offers could not be loaded.',
  columns: { books: 'Books', amount: 'On the table', turn: 'Turn', timeLeft: 'Time left', state: 'State' },
  booksName: (first: string, more: number) => (more === 0 ? first : `${first} and ${plural(more, 'more book')}`),
  yourTurn: 'Your turn',
  waitingFor: (side: OfferSide) => (side === 'seller' ? 'Waiting for the seller' : 'Waiting for the buyer'),
  noTurn: '—',
  timeLeft: (ms: number) => {
    if (ms <= 0) return 'Expiring now';
    const hours = Math.floor(ms / 3_600_000);
    if (hours === 0) return 'Less than an hour left';
    if (hours < 24) return `${plural(hours, 'hour')} left`;
    const days = Math.floor(hours / 24);
    const rest = hours % 24;
    return rest === 0 ? `${plural(days, 'day')} left` : `${plural(days, 'day')} ${plural(rest, 'hour')} left`;
  },
  // The offer's page.
  offerTitle: (books: string) => `Offer for ${books}`,
  notFound: 'No such offer: it may not be yours.',
  offerFailed: 'This offer could not be loaded.',
  backToOffers: 'All offers',
  books: 'Books',
  askingPrice: 'Asking price',
  onTable: 'On the table',
  turn: 'Turn',
  expires: 'Time left',
  deliveryWay: 'Delivery',
  deliveryWords: (method: 'meetup' | 'shipping', address?: string) => (method === 'meetup' ? 'Meet-up' : address ? `Shipping to ${address}` : 'Shipping'),
  history: 'History',
  historyColumns: { who: 'Who', what: 'What', amount: 'Amount', when: 'When' },
  who: { buyer: 'Buyer', seller: 'Seller', system: 'Automatic' } satisfies Record<OfferStep['by'], string>,
  whoYou: 'You',
  actions: {
    offered: 'Offered',
    countered: 'Countered',
    accepted: 'Accepted',
    declined: 'Declined',
    expired: 'Expired',
  } satisfies Record<OfferStep['action'], string>,
  moves: 'Your answer',
  accept: (amount: string) => `Accept ${amount}`,
  decline: 'Decline',
  counter: 'Counter',
  counterTitle: 'Counter the offer',
  counterAmount: 'Your counter ($)',
  counterRange: (above: string, below: string) => `More than ${above} and less than ${below}`,
  sendCounter: 'Send counter',
  confirmDecline: 'Decline this offer? It ends the negotiation.',
  moveFailed: 'The offer could not be answered.',
  accepted: (amount: string) => `Accepted at ${amount}`,
  declined: 'Offer declined',
  countered: (amount: string) => `Counter of ${amount} sent`,
  sent: 'Offer sent',
  payNow: 'Pay now',
  payHint: 'The books are held for you until you pay: pay within a day, or the order expires.',
  viewOrder: 'View the order',
  orderHint: 'The books are held for the buyer until they pay.',
  adminReads: 'You read this offer as an admin: only its buyer and seller answer it.',
} as const;

/** A listing's offer terms, on its edit page (`PUT /products/:id` with `offers`). */
export const offerTermsCopy = {
  title: 'Offers',
  intro: 'Let buyers propose a price below the asking price. You accept, decline or counter each offer.',
  enabled: 'Take offers',
  autoDeclineBelow: 'Decline automatically below ($)',
  autoDeclineHint: (half: string) => `Offers below this are declined at once. Blank: half the price (${half}).`,
  autoAcceptFrom: 'Accept automatically from ($)',
  autoAcceptHint: 'Optional: offers at or above this are accepted at once. Below the price, above the floor.',
  save: 'Save offer terms',
  saving: 'Saving…',
  saved: 'Offer terms saved',
  failed: 'The offer terms could not be saved.',
  errors: {
    amount: 'Enter an amount in dollars, like 12.50',
    belowPrice: (price: string) => `Below the price of ${price}`,
    aboveFloor: 'Above the automatic decline',
  },
} as const;
