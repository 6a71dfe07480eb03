/**
 * The API for the insight bench, in its own process, on the database its environment names
 * (DATABASE_URL, or PGlite in DATA_DIR), as bench/catalogue/apiServer.ts starts it (generated
 * sellers taken as accounts in good standing). Prints `READY <url>` once it serves. A line `COUNT`
 * on stdin answers `COUNT {"written":…,"rows":…,"pending":…}`: the views its batcher has written
 * and the rows of `book_views` now, without forcing a write (its own timer writes every
 * INSIGHT_VIEW_FLUSH_MS). Closing stdin closes it, which writes what waits; it stops after 60
 * minutes at most.
 */
import { createInterface } from 'node:readline';
import { buildApp } from '../../server/src/app';
import { BENCH_SECRET } from './shop';

async function main() {
  const app = await buildApp({
    config: { rateLimitPerMinute: 0, jwtSecret: BENCH_SECRET, orderSweepIntervalMs: 0, payoutTickMs: 0 },
    logger: false,
    checkAccount: async () => ({ active: true }),
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  process.stdout.write(`READY ${url}\n`);
  const stop = async () => {
    await app.close();
    process.exit(0);
  };
  const lines = createInterface({ input: process.stdin });
  lines.on('line', (line) => {
    if (line.trim() !== 'COUNT') return;
    void app.db.query<{ rows: number }>('select count(*)::int as rows from book_views').then(([{ rows }]) => {
      process.stdout.write(`COUNT ${JSON.stringify({ written: app.insight.views.written, rows, pending: app.insight.views.pending })}\n`);
    });
  });
  lines.on('close', () => void stop());
  setTimeout(() => void stop(), 60 * 60_000).unref();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
