/**
 * `npm run bench -- payouts`: a seller's earnings with 10,000 entries over HTTP, and the weekly
 * payout run over 1,000 sellers against the payment sandbox (docs/PERFORMANCE.md, "Payouts").
 * PGlite always; with DATABASE_URL, PostgreSQL too, where two runs at once are possible.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startAuthEmulator } from '../benchServices';
import { freePort, onStop, runPart } from '../lib/processes';
import { envNumber } from '../lib/stats';
import { allHold } from './checks';
import { measureEarnings, type EarningsFigures } from './earnings';
import { payoutRunOnPglite, payoutRunOnPostgres, type RunFigures } from './run';

const PAGE_TARGET_MS = 50;
const RUN_TARGET_MS = 60_000;
const SELLERS = envNumber('BENCH_PAYOUT_SELLERS', 1_000);

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** A plan's first scan, and the rows it read only to throw away. */
function accessPath(plan: string): string {
  const scan = /(?:->\s*)?([A-Z][\w ]* Scan[^(]*)/.exec(plan)?.[1].trim() ?? 'no scan';
  const removed = [...plan.matchAll(/Rows Removed by Filter: (\d+)/g)].reduce((sum, match) => sum + Number(match[1]), 0);
  return removed > 0 ? `${scan}; ${removed.toLocaleString('en-US')} rows read and filtered out` : scan;
}

function printEarnings(figures: EarningsFigures): void {
  console.log(
    `\nEarnings, ${figures.database}: the seller's ${figures.history.sellerEntries.toLocaleString('en-US')} entries ` +
      `in a ledger of ${figures.history.ledgerEntries.toLocaleString('en-US')}; sequential requests, after a warm-up`,
  );
  console.table(
    figures.timings.map((timing) => ({
      request: timing.what, p50: ms(timing.p50), p95: ms(timing.p95), p99: ms(timing.p99), slowest: ms(timing.max),
      [`p95 ≤ ${PAGE_TARGET_MS} ms`]: timing.p95 <= PAGE_TARGET_MS ? 'yes' : 'NO',
    })),
  );
  console.log('  each statement under EXPLAIN ANALYZE (the API stopped):');
  for (const plan of figures.plans) console.log(`    ${plan.what}: ${ms(plan.ms)} (${accessPath(plan.plan)})`);
  if (figures.timings.some((timing) => timing.p95 > PAGE_TARGET_MS)) {
    for (const plan of figures.plans) console.log(`\n  ${plan.what}:\n${plan.plan.replace(/^/gm, '    ')}`);
  }
}

function printRun(figures: RunFigures): void {
  const label = figures.processes === 1 ? 'one API process' : `${figures.processes} API processes, a run each, started together`;
  console.log(`\nPayout run, ${figures.database}, ${label}: ${figures.sellers.toLocaleString('en-US')} sellers`);
  console.log(`  accounts onboarded on the sandbox's hosted page in ${(figures.onboardingMs / 1000).toFixed(1)} s (set-up, not measured)`);
  console.table(
    figures.runs.map((run) => ({
      process: run.process, [figures.database === 'PGlite' ? 'run took' : 'run took, from the release']: ms(run.ms),
      paid: run.paid, skipped: run.skipped, failed: run.failed, resumed: run.resumed,
    })),
  );
  const c = figures.checks;
  console.log(
    `  from the start to all ${figures.sellers} payouts in transit: ${(figures.wallMs / 1000).toFixed(2)} s ` +
      `(target ≤ ${RUN_TARGET_MS / 1000} s: ${figures.wallMs <= RUN_TARGET_MS ? 'yes' : 'NO'})`,
  );
  console.log(
    `  payouts ${c.payouts}, sellers paid ${c.sellersPaid}, in transit ${c.inTransit}, of the right amount ${c.rightAmount}; ` +
      `transfers at the sandbox ${c.transfers} (the payouts' own: ${c.transfersMatch ? 'yes' : 'NO'}); ` +
      `connected accounts with exactly one payout ${c.accountsPaidOnce} of ${c.accounts}`,
  );
  console.log(
    `  ledger total ${c.ledgerTotal} (unbalanced transactions ${c.unbalancedTransactions}); ` +
      `the ledger's provider account ${c.ledgerProvider} = the platform's balance at the sandbox ${c.platformBalance}: ` +
      `${c.ledgerProvider === c.platformBalance ? 'yes' : 'NO'}`,
  );
  console.log(`  every check: ${allHold(c, figures.sellers) ? 'holds' : 'FAILS'}; warnings in the API's log: ${figures.warnings.length}`);
  for (const line of figures.warnings.slice(0, 3)) console.log(`    ${line.slice(0, 400)}`);
}

runPart('Payouts', 30, async () => {
  const workDir = await mkdtemp(path.join(tmpdir(), 'book-resale-payouts-auth-'));
  onStop(() => rm(workDir, { recursive: true, force: true }));
  const auth = await startAuthEmulator(workDir, await freePort());
  const serverUrl = process.env.DATABASE_URL?.trim() || undefined;

  printEarnings(await measureEarnings(auth.url));
  if (serverUrl) printEarnings(await measureEarnings(auth.url, serverUrl));
  await auth.stop();

  printRun(await payoutRunOnPglite(SELLERS));
  if (!serverUrl) {
    console.log('\nDATABASE_URL is not set: two payout runs at once need two API processes on one PostgreSQL database, skipped.');
    return;
  }
  printRun(await payoutRunOnPostgres(serverUrl, SELLERS, 1));
  printRun(await payoutRunOnPostgres(serverUrl, SELLERS, 2));
});
