import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db';
import type { Clock } from '../lib/clock';
import { SESSION_WINDOW_MINUTES, viewsRepository, type PendingView } from '../repositories/views';

/** Past this many waiting views a batch is written at once, whatever the clock. */
export const VIEW_BATCH_MAX = 5_000;
/** The sessions this process remembers having counted (the oldest are forgotten first). */
const REMEMBERED_MAX = 200_000;
const WINDOW_MS = SESSION_WINDOW_MINUTES * 60_000;

/** User agents of crawlers, link previews and headless browsers: their views are not counted. */
export const BOT_AGENT = /bot|crawl|spider|slurp|preview|facebookexternalhit|embedly|headless|lighthouse|pingdom|curl|wget|python-requests/i;

/**
 * The views one API process takes, kept in memory and written a batch at a time: a beacon costs
 * the request no database write. A session seen again within 30 minutes is dropped here already;
 * the write checks the database too, for the other processes. A process that dies loses what it
 * had not written yet: at most `INSIGHT_VIEW_FLUSH_MS` of views.
 */
export class ViewBatcher {
  private waiting: PendingView[] = [];
  /**
   * `book|session` → when this process last counted it (ms), in two generations: the newer takes
   * every count; once it holds half of `remember`, the older is dropped whole and the newer becomes
   * it. So at most `remember` are kept, and forgetting costs nothing per view (deleting a Map's
   * oldest key one at a time leaves holes that every later lookup of the first key walks over).
   */
  private recent = new Map<string, number>();
  private older = new Map<string, number>();
  private writing: Promise<void> = Promise.resolve();
  /** Views written and counted, for the log and the bench. */
  written = 0;

  constructor(
    private readonly deps: { db: Db; clock: Clock; log: FastifyBaseLogger },
    private readonly remember = REMEMBERED_MAX,
  ) {}

  /** Takes a view; answers false when this process counted the session's view of the book within 30 minutes. */
  take(view: Omit<PendingView, 'at'>): boolean {
    const at = this.deps.clock.now();
    const key = `${view.bookId}|${view.session}`;
    const last = this.recent.get(key) ?? this.older.get(key);
    if (last !== undefined && at.getTime() - last < WINDOW_MS) return false;
    this.recent.set(key, at.getTime());
    if (this.recent.size >= this.remember / 2) {
      this.older = this.recent;
      this.recent = new Map();
    }
    this.waiting.push({ ...view, at });
    if (this.waiting.length >= VIEW_BATCH_MAX) void this.flush();
    return true;
  }

  get pending(): number {
    return this.waiting.length;
  }

  /** How many (book, session) counts this process remembers: at most `remember`. */
  get remembered(): number {
    return this.recent.size + this.older.size;
  }

  /** Writes what waits, one batch after the other; a failed batch is logged and dropped. */
  flush(): Promise<void> {
    const batch = this.waiting;
    this.waiting = [];
    if (batch.length === 0) return this.writing;
    this.writing = this.writing.then(async () => {
      try {
        this.written += await viewsRepository(this.deps.db).insert(batch);
      } catch (error) {
        this.deps.log.error({ err: error, views: batch.length }, 'writing views failed');
      }
    });
    return this.writing;
  }
}
