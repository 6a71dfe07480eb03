/** "Tell me when it's listed", and what a buyer waits for (`/dashboard/wanted`). */
export const wantsCopy = {
  tellMe: "Tell me when it's listed",
  maxPriceHint: 'Optional: only copies at or below it',
  save: 'Save',
  empty: "Nothing wanted yet. When a search finds nothing, choose “Tell me when it's listed”.",
  failed: 'Your wants could not be loaded.',
  words: (q: string) => `“${q}”`,
  filter: (name: string, value: string) => `${name}: ${value}`,
  from: (price: string) => `from ${price}`,
  upTo: (price: string) => `up to ${price}`,
  anyPrice: 'Any price',
  since: 'Since',
} as const;
