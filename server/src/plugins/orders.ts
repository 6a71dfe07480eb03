import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../lib/clock';
import type { OrderDeps } from '../orders/moves';
import { sweepOrders, type SweepResult } from '../orders/sweep';
import type { Commission } from '../ledgerConfig';
import type { OrderDeadlines } from '../ordersConfig';

declare module 'fastify' {
  interface FastifyInstance {
    orders: OrderService;
  }
}

/** What routes and jobs move orders with. */
export interface OrderService {
  clock: Clock;
  deadlines: OrderDeadlines;
  commission: Commission;
  /** After a commit that told someone something: the mail outbox sends it. */
  told(): void;
  /** What reading an order depends on: the time now, and the commission (ordersForCaller). */
  reading(): { now: Date; commission: Commission };
  /** Everything moving orders needs, logging to `log`. */
  deps(log: FastifyBaseLogger): OrderDeps;
  /** One sweep now (the timer runs them every `ORDER_SWEEP_INTERVAL_MS`); sweeps of one process never overlap. */
  sweep(): Promise<SweepResult>;
}

export interface OrdersOptions {
  clock: Clock;
}

/**
 * The order clock: deadlines and reminders, kept in the database and acted on by a sweep every
 * `ORDER_SWEEP_INTERVAL_MS` in every API process (orders/sweep.ts says why running it in several
 * at once acts once). The first sweep runs at start, so a restart catches up at once.
 */
export default fp<OrdersOptions>(
  async (app, { clock }) => {
    const { orderDeadlines: deadlines, orderSweepIntervalMs: intervalMs, commission } = app.config;
    const told = () => app.mail.kick();
    const deps = (log: FastifyBaseLogger): OrderDeps => ({ db: app.db, clock, deadlines, commission, provider: app.payments, log, told });
    let running: Promise<SweepResult> | undefined;
    let backfilled = false;
    const sweep = () => {
      const started = performance.now();
      running ??= sweepOrders(deps(app.log), { backfill: !backfilled })
        .then((result) => {
          backfilled = true;
          const moved = Object.values(result.moved).reduce((sum, count) => sum + (count ?? 0), 0);
          if (moved + result.reminded + result.refundsFailed + (result.offersExpired ?? 0) + (result.offersReminded ?? 0) > 0) {
            app.log.info({ sweep: result, ms: Math.round(performance.now() - started) }, 'order sweep');
          }
          return result;
        })
        .finally(() => {
          running = undefined;
        });
      return running;
    };
    const reading = () => ({ now: clock.now(), commission });
    app.decorate('orders', { clock, deadlines, commission, told, reading, deps, sweep });

    let timer: NodeJS.Timeout | undefined;
    const tick = () => {
      sweep().catch((error: unknown) => app.log.error({ err: error }, 'order sweep failed'));
      // Emails a failed send or a dead process left wait for no other move.
      app.mail.kick();
    };
    if (intervalMs > 0) {
      app.addHook('onReady', async () => {
        tick();
        timer = setInterval(tick, intervalMs);
        timer.unref();
      });
    }
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running?.catch(() => undefined);
    });
  },
  { name: 'orders', dependencies: ['database', 'payments', 'mail', 'config'] },
);
