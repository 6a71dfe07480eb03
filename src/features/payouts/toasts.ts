/** What the payouts' listener says (it runs with the app, before the payouts page is loaded). */
export const payoutToasts = {
  noSeller: 'A deleted seller',
  retried: (amount: string, seller: string) => `A new payout of ${amount} to ${seller} is on its way`,
  retriedAndFailed: (reason?: string | null) => (reason ? `The new payout failed too: ${reason}` : 'The new payout failed too.'),
  retryFailed: 'The payout could not be retried.',
  reconciled: (n: number) => (n === 0 ? 'Reconciled: the ledger and Stripe agree' : `Reconciled: ${n === 1 ? '1 difference' : `${n} differences`} found`),
  reconcileFailed: 'The reconciliation could not be run.',
} as const;
