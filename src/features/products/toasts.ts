/** What the products' flows say (they come with the listener's own chunk, before any products page is loaded). */
export const productToasts = {
  uploadFailed: 'The image could not be uploaded.',
  lookupNotFound: 'Not found: fill in the details yourself',
  lookupDown: 'The book lookup is not answering: fill in the details yourself',
  updated: 'Listing updated',
} as const;
