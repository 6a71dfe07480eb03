/** The Reliable seller badge's words, apart from the pages' so a seller's public page ships only these. */
export const badgeCopy = {
  label: 'Reliable seller',
  meaning: 'At least 10 orders in the last 90 days, 95 % or more shipped on time and under 2 % disputed.',
} as const;
