/** The heart on a book, and the buyer's saved books (/dashboard/favourites). */
export const favouritesCopy = {
  save: 'Save to favourites',
  remove: 'Remove from favourites',
  empty: 'No favourites yet. Tap the heart on a book to keep it here.',
  sold: 'Sold',
  was: (price: string) => `Was ${price} when saved`,
  failed: 'Your favourites could not be loaded.',
} as const;
