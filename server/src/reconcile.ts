/**
 * `npm run reconcile`: compares the ledger with the payment provider once (server/src/payouts/
 * reconcile.ts), prints every difference, and exits 1 when there is one. It reads the same
 * configuration as the API (DATABASE_URL, or the PGlite data directory when no API holds it;
 * STRIPE_*), and corrects nothing.
 */
import { buildApp } from './app';

async function main(): Promise<number> {
  // No timers: only this one comparison runs.
  const app = await buildApp({ seed: false, logger: false, config: { orderSweepIntervalMs: 0, payoutTickMs: 0 } });
  try {
    const report = await app.payouts.reconcile();
    const { payouts, transfers } = report.checked;
    console.log(`Reconciliation at ${report.at}: the platform's balance, ${payouts} payouts and ${transfers} transfers checked.`);
    if (report.differences.length === 0) {
      console.log('The ledger and the provider agree.');
      return 0;
    }
    for (const difference of report.differences) {
      const what = [difference.kind, difference.payoutId && `payout ${difference.payoutId}`, difference.providerId].filter(Boolean).join(' ');
      console.log(`- ${what}: ledger ${difference.ours}, provider ${difference.theirs}`);
    }
    return 1;
  } finally {
    await app.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`The reconciliation could not run: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  },
);
