import fp from 'fastify-plugin';
import { ViewBatcher } from '../insight/views';
import type { Clock } from '../lib/clock';
import { insightRollupsRepository } from '../repositories/insightRollups';

declare module 'fastify' {
  interface FastifyInstance {
    insight: InsightService;
  }
}

export interface InsightService {
  views: ViewBatcher;
  /** Writes the views this process holds (the timer does it every `INSIGHT_VIEW_FLUSH_MS`). */
  flush(): Promise<void>;
  /** One rollup now (the timer runs one every `INSIGHT_ROLLUP_INTERVAL_MS`); false when another process is at it. */
  rollUp(): Promise<boolean>;
}

/**
 * The view pipeline (server/src/insight/README.md): beacons batched in memory and written every
 * `INSIGHT_VIEW_FLUSH_MS`, rolled up per book and day every `INSIGHT_ROLLUP_INTERVAL_MS` by one
 * process at a time. On close, what waits is written.
 */
export default fp<{ clock: Clock }>(
  async (app, { clock }) => {
    const { viewFlushMs, rollupIntervalMs } = app.config.insight;
    const views = new ViewBatcher({ db: app.db, clock, log: app.log });
    const flush = () => views.flush();
    const rollUp = async () => {
      await flush();
      const done = await app.db.transaction((tx) => insightRollupsRepository(tx).rollUp(clock.now(), app.config.orderDeadlines.shipWithinMs));
      return done !== undefined;
    };
    app.decorate('insight', { views, flush, rollUp });

    const timers: NodeJS.Timeout[] = [];
    app.addHook('onReady', async () => {
      if (viewFlushMs > 0) timers.push(setInterval(() => void flush(), viewFlushMs));
      if (rollupIntervalMs > 0) {
        timers.push(setInterval(() => rollUp().catch((error: unknown) => app.log.error({ err: error }, 'rolling up insight failed')), rollupIntervalMs));
      }
      for (const timer of timers) timer.unref();
    });
    // Before the database closes: what waits is written.
    app.addHook('preClose', async () => {
      for (const timer of timers) clearInterval(timer);
      await flush();
    });
  },
  { name: 'insight', dependencies: ['database', 'config'] },
);
