import fp from 'fastify-plugin';
import { runImports, type ImportRunResult } from '../inventory/jobs';
import { uploadQuotaOf } from '../lib/uploads';
import { MAX_IMAGE_BYTES } from '../routes/images';

declare module 'fastify' {
  interface FastifyInstance {
    inventoryImports: ImportJobs;
  }
}

export interface ImportJobs {
  /** Runs the import jobs now (after the run under way, if any): checks and applies what waits. */
  run(): Promise<ImportRunResult>;
  /** Asks for a run soon, without waiting for it (a new file, an import to apply); nothing when the jobs are off. */
  kick(): void;
}

/**
 * Inventory imports' jobs (server/src/inventory/jobs.ts): every API process runs them every
 * `INVENTORY_IMPORT_INTERVAL_MS` and when a request brings work, so a process killed mid-import
 * leaves it to the others, or to itself once restarted. Runs of one process never overlap.
 */
export default fp(
  async (app) => {
    const { intervalMs, lookupsPerSecond, applyBatch } = app.config.inventoryImports;
    let running: Promise<ImportRunResult> | undefined;
    let again = false;
    let closing = false;
    // Buyers' requests answered by this process: the jobs pace themselves while there are some.
    // A seller's own import pages and open event streams do not count.
    let buyersServed = 0;
    app.addHook('onResponse', async (request) => {
      if (!request.url.startsWith('/inventory') && !request.url.startsWith('/events')) buyersServed += 1;
    });
    const once = (): Promise<ImportRunResult> => {
      const deps = {
        db: app.db, clock: app.orders.clock, log: app.log, metadata: app.config.bookMetadata ?? undefined, lookupsPerSecond,
        images: { store: app.imageStore, quota: uploadQuotaOf(app.config), maxBytes: MAX_IMAGE_BYTES },
        told: () => app.orders.told(),
        buyersServed: () => buyersServed,
        applyBatch,
      };
      const started = performance.now();
      return runImports(deps).then((result) => {
        if (result.checked + result.applied > 0) {
          app.log.info({ imports: result, ms: Math.round(performance.now() - started) }, 'inventory import run');
        }
        return result;
      });
    };
    const run = async (): Promise<ImportRunResult> => {
      while (running) {
        await running.catch(() => undefined);
      }
      running = once().finally(() => {
        running = undefined;
      });
      return running;
    };
    const kick = () => {
      // Off (0): runs only when asked to (`run()`), as the tests do.
      if (closing || intervalMs === 0) return;
      if (running) {
        again = true;
        return;
      }
      run()
        .then(() => {
          if (again && !closing) {
            again = false;
            kick();
          }
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'inventory import run failed'));
    };
    app.decorate('inventoryImports', { run, kick });

    let timer: NodeJS.Timeout | undefined;
    if (intervalMs > 0) {
      app.addHook('onReady', async () => {
        kick();
        timer = setInterval(kick, intervalMs);
        timer.unref();
      });
    }
    app.addHook('onClose', async () => {
      closing = true;
      clearInterval(timer);
      await running?.catch(() => undefined);
    });
  },
  { name: 'inventoryImports', dependencies: ['database', 'orders', 'config'] },
);
