import fp from 'fastify-plugin';
import type { Db } from '../db/db';
import type { ImageStore } from '../lib/imageStore';
import { imagesRepository } from '../repositories/images';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Removes uploads older than the grace period (as of `now`) that no book and no booking uses:
     * their bytes and their rows. Answers the removed file names. Runs on a timer too.
     */
    sweepImages(now?: Date): Promise<string[]>;
  }
}

const HOUR_MS = 60 * 60 * 1000;

async function sweepUnusedImages(db: Db, store: ImageStore, cutoff: Date): Promise<string[]> {
  const images = imagesRepository(db);
  // Rows go first; bytes whose removal fails are left without a row and go at a later sweep.
  const recorded = await images.deleteUnusedBefore(cutoff);
  // Stored uploads without a row: from before rows were kept, or left by a write that failed.
  const unrecorded = await images.untrackedAndUnused(await store.storedBefore(cutoff));
  const removed = [...new Set([...recorded, ...unrecorded])];
  for (const name of removed) await store.remove(name);
  return removed;
}

export interface ImageSweeperOptions {
  graceHours: number;
  /** 0: no timer, the sweep runs only when called. */
  intervalMinutes: number;
}

export default fp<ImageSweeperOptions>(
  async (app, { graceHours, intervalMinutes }) => {
    // One sweep at a time: a call during a sweep runs after it.
    let queue: Promise<unknown> = Promise.resolve();
    app.decorate('sweepImages', (now = new Date()) => {
      const cutoff = new Date(now.getTime() - graceHours * HOUR_MS);
      const result = queue.then(() => sweepUnusedImages(app.db, app.imageStore, cutoff));
      queue = result.catch(() => undefined);
      return result;
    });

    let timer: NodeJS.Timeout | undefined;
    if (intervalMinutes > 0) {
      timer = setInterval(() => {
        app.sweepImages().then(
          (removed) => {
            if (removed.length > 0) app.log.info({ removed: removed.length }, 'removed unused uploads');
          },
          (error: unknown) => app.log.error({ err: error }, 'removing unused uploads failed'),
        );
      }, intervalMinutes * 60_000);
      // The timer alone never keeps the process alive.
      timer.unref();
    }
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await queue; // the database closes after this plugin's hook
    });
  },
  { name: 'imageSweeper', dependencies: ['config', 'database', 'imageStore'] },
);
