import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../lib/clock';
import type { PayoutDeps } from '../payouts/pay';
import { lastReconciliation, reconcile, type Reconciliation } from '../payouts/reconcile';
import { runPayouts, resumePayouts, type RunResult } from '../payouts/run';
import { lastDue } from '../payoutsConfig';
import { payoutsRepository } from '../repositories/payouts';

declare module 'fastify' {
  interface FastifyInstance {
    payouts: PayoutService;
  }
}

export interface PayoutService {
  deps(log: FastifyBaseLogger): PayoutDeps;
  /** A payout run now, outside the schedule (tests, the bench); runs at once pay nobody twice. */
  run(): Promise<RunResult>;
  /** What the timer does: half-sent payouts resumed, the scheduled run and the reconciliation when due. */
  tick(): Promise<void>;
  reconcile(): Promise<Reconciliation>;
}

/**
 * Paying sellers on a clock (server/src/payouts/README.md): every `PAYOUT_TICK_MS` each API
 * process resumes payouts a dead process left half-sent, starts the weekly run when it is due
 * (claimed in `payout_runs`, so one process runs it), and reconciles every `RECONCILE_EVERY`.
 */
export default fp<{ clock: Clock }>(
  async (app, { clock }) => {
    const { payoutSchedule, payoutMinCents, payoutResumeAfterMs, reconcileEveryMs, payoutTickMs } = app.config;
    const deps = (log: FastifyBaseLogger): PayoutDeps => ({
      db: app.db, provider: app.payments, clock, log, minCents: payoutMinCents, told: () => app.mail.kick(),
    });
    const run = () => runPayouts(deps(app.log), payoutResumeAfterMs);
    const reconcileNow = () => reconcile(deps(app.log));

    const scheduledRun = async () => {
      if (payoutSchedule === null) return;
      const due = lastDue(payoutSchedule, clock.now());
      const payouts = payoutsRepository(app.db);
      if (!(await payouts.claimRun(due, clock.now()))) return;
      const result = await run();
      await payouts.finishRun(due, clock.now(), result);
      app.log.info({ payoutRun: result, dueFor: due.toISOString() }, 'payout run');
    };
    const reconcileWhenDue = async () => {
      if (reconcileEveryMs === 0) return;
      const last = await lastReconciliation({ db: app.db });
      if (last && clock.now().getTime() - new Date(last.at).getTime() < reconcileEveryMs) return;
      await reconcileNow();
    };
    let ticking: Promise<void> | undefined;
    const tick = () => {
      ticking ??= (async () => {
        await resumePayouts(deps(app.log), payoutResumeAfterMs);
        await scheduledRun();
        await reconcileWhenDue();
      })().finally(() => {
        ticking = undefined;
      });
      return ticking;
    };
    app.decorate('payouts', { deps, run, tick, reconcile: reconcileNow });

    let timer: NodeJS.Timeout | undefined;
    if (payoutTickMs > 0) {
      const safeTick = () => {
        tick().catch((error: unknown) => app.log.error({ err: error }, 'payout jobs failed'));
      };
      app.addHook('onReady', async () => {
        safeTick();
        timer = setInterval(safeTick, payoutTickMs);
        timer.unref();
      });
    }
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await ticking?.catch(() => undefined);
    });
  },
  { name: 'payouts', dependencies: ['database', 'payments', 'mail', 'config'] },
);
