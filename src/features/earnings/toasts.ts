/** What the earnings' listener says (it runs with the app, before My Earnings is loaded). */
export const earningsToasts = {
  linkFailed: 'Stripe could not be reached to set up payouts.',
  withdrawn: (amount: string) => `${amount} is on its way to your bank`,
  withdrawFailed: 'Your payout could not be made.',
} as const;
