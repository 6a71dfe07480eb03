import fp from 'fastify-plugin';
import { tellUnread } from '../messages/unreadMail';

declare module 'fastify' {
  interface FastifyInstance {
    messages: MessageJobs;
  }
}

export interface MessageJobs {
  /** Tells readers of messages left unread for 10 minutes, now (the timer runs it every sweep interval). */
  tellUnread(): Promise<number>;
}

/**
 * The messages' job: every `ORDER_SWEEP_INTERVAL_MS`, in every API process, readers who left a
 * message unread for 10 minutes get a `message` notification, which the outbox emails
 * (messages/unreadMail.ts says why several processes tell once).
 */
export default fp(
  async (app) => {
    const intervalMs = app.config.orderSweepIntervalMs;
    let running: Promise<number> | undefined;
    const run = () => {
      running ??= tellUnread(app.db, app.orders.clock.now())
        .then((told) => {
          if (told > 0) app.orders.told();
          return told;
        })
        .finally(() => {
          running = undefined;
        });
      return running;
    };
    app.decorate('messages', { tellUnread: run });
    let timer: NodeJS.Timeout | undefined;
    if (intervalMs > 0) {
      app.addHook('onReady', async () => {
        timer = setInterval(() => {
          run().catch((error: unknown) => app.log.error({ err: error }, 'telling of unread messages failed'));
        }, intervalMs);
        timer.unref();
      });
    }
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running?.catch(() => undefined);
    });
  },
  { name: 'messages', dependencies: ['database', 'orders', 'config'] },
);
