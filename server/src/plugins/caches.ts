import fp from 'fastify-plugin';
import { ChangeCache } from '../lib/changeCache';
import type { ReadyAnswer } from '../lib/readyAnswer';
import type { User } from '../repositories/users';

declare module 'fastify' {
  interface FastifyInstance {
    caches: ReadCaches;
  }
}

/**
 * The reads the API keeps in memory, and what empties each of them. Every one is emptied by the
 * database itself: triggers announce each committed change of `books`, `categories`, `users` and
 * `user_scores` (`migrations/008_table_changes.sql`, `019_scores.sql`), whichever route, job or
 * process made it, and `db.watchChanges` hands the announcements here. This process's own writes
 * are told before they resolve, so the next read after a write is never stale; another process's
 * writes, as soon as PostgreSQL's notification arrives (normally well under a millisecond on one
 * network, see server/README.md "Kept in memory").
 */
export interface ReadCaches {
  /** `GET /bookCatagories`, ready to send (one entry). */
  categories: ChangeCache<ReadyAnswer>;
  /** Pages of `GET /bookCatagoriesId[/:category]`, ready to send, by category, limit and cursor. */
  bookPages: ChangeCache<ReadyAnswer>;
  /** Users by id, as `authenticate` reads them on every signed-in request (role, email, uid). */
  users: ChangeCache<User | undefined>;
}

/**
 * Book pages hold each book's `verified` (its seller's role), its seller's score (`user_scores`,
 * migrations/019_scores.sql) and only books of known categories.
 */
const EMPTIED_BY: Readonly<Record<string, readonly (keyof ReadCaches)[]>> = {
  books: ['bookPages'],
  categories: ['categories', 'bookPages'],
  users: ['bookPages', 'users'],
  user_scores: ['bookPages'],
};

/**
 * Keys come from requests (a category, a limit, a cursor) or tokens, so each cache is bounded: book
 * pages by their bytes (a page of 500 books is about 600 KB), users by their number.
 */
const BOOK_PAGES_BYTES = 32 * 1024 * 1024;
const USERS = 10_000;

export default fp(
  async (app) => {
    const caches: ReadCaches = {
      categories: new ChangeCache({ capacity: 1 }),
      bookPages: new ChangeCache({ capacity: BOOK_PAGES_BYTES, weigh: (answer) => answer.body.length }),
      users: new ChangeCache({ capacity: USERS }),
    };
    const every = Object.keys(caches) as (keyof ReadCaches)[];
    const stopWatching = await app.db.watchChanges({
      changed(table) {
        // A table this list does not know empties everything rather than nothing.
        for (const name of EMPTIED_BY[table] ?? every) caches[name].clear();
      },
      interrupted() {
        app.log.warn('change notifications interrupted: reading from the database until they resume');
        for (const name of every) caches[name].suspend();
      },
      resumed() {
        app.log.info('change notifications resumed');
        for (const name of every) caches[name].resume();
      },
    });
    app.decorate('caches', caches);
    app.addHook('onClose', async () => stopWatching());
  },
  { name: 'caches', dependencies: ['database'] },
);
