/** The admins' disputes page (/dashboard/disputes). */
export const disputesCopy = {
  title: 'Disputes',
  book: 'Book',
  buyer: 'Buyer',
  seller: 'Seller',
  total: 'Total',
  since: 'Reported',
  open: 'Open',
  empty: 'No disputed orders.',
  failed: 'The disputes could not be loaded.',
  /** The phone's one column: the whole order, each part under its name. */
  order: 'Order',
  reason: "Buyer's reason",
  actions: 'Actions',
  refund: 'Refund',
  complete: 'Complete',
  /** A row's buttons and the dialog they open, named by the book. */
  refundLabel: (book: string) => `Refund the order of ${book}`,
  completeLabel: (book: string) => `Complete the order of ${book}`,
  refundHint: 'The buyer gets the whole amount back and the book is for sale again. Both sides see your reason.',
  completeHint: 'The seller keeps the payment. Both sides see your reason.',
  buyerSaid: 'The buyer said',
} as const;
