import { readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { Db } from '../db/db';
import { uploadsDirOf } from '../lib/uploads';
import { imagesRepository } from '../repositories/images';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Removes uploads older than the grace period (as of `now`) that no book and no booking uses:
     * their files and their rows. Answers the removed file names. Runs on a timer too.
     */
    sweepImages(now?: Date): Promise<string[]>;
  }
}

const HOUR_MS = 60 * 60 * 1000;
/** What an upload's name looks like; anything else in the folder is left alone. */
const UPLOAD_FILE_NAME = /^[A-Za-z0-9_-]{1,100}\.(png|jpg|gif|webp)$/;

const isMissing = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT';

/** Upload files last written before `cutoff`; an upload being written right now is never among them. */
async function filesOlderThan(directory: string, cutoff: Date): Promise<string[]> {
  const names = await readdir(directory).catch((error: unknown) => {
    if (isMissing(error)) return [];
    throw error;
  });
  const old: string[] = [];
  for (const name of names) {
    if (!UPLOAD_FILE_NAME.test(name)) continue;
    const info = await stat(path.join(directory, name)).catch(() => undefined);
    if (info?.isFile() && info.mtime < cutoff) old.push(name);
  }
  return old;
}

async function removeFile(directory: string, name: string): Promise<void> {
  await unlink(path.join(directory, name)).catch((error: unknown) => {
    if (!isMissing(error)) throw error;
  });
}

async function sweepUnusedImages(db: Db, directory: string, cutoff: Date): Promise<string[]> {
  const images = imagesRepository(db);
  // Rows go first; a file whose removal fails is left without a row and goes at a later sweep.
  const recorded = await images.deleteUnusedBefore(cutoff);
  // Files without a row: uploads from before rows were kept, or left by a write that failed.
  const unrecorded = await images.untrackedAndUnused(await filesOlderThan(directory, cutoff));
  const removed = [...new Set([...recorded, ...unrecorded])];
  for (const name of removed) await removeFile(directory, name);
  return removed;
}

export interface ImageSweeperOptions {
  graceHours: number;
  /** 0: no timer, the sweep runs only when called. */
  intervalMinutes: number;
}

export default fp<ImageSweeperOptions>(
  async (app, { graceHours, intervalMinutes }) => {
    const directory = uploadsDirOf(app.config);
    // One sweep at a time: a call during a sweep runs after it.
    let queue: Promise<unknown> = Promise.resolve();
    app.decorate('sweepImages', (now = new Date()) => {
      const cutoff = new Date(now.getTime() - graceHours * HOUR_MS);
      const result = queue.then(() => sweepUnusedImages(app.db, directory, cutoff));
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
  { name: 'imageSweeper', dependencies: ['config', 'database'] },
);
