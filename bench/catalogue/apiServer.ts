/**
 * The API for the catalogue bench, in its own process, on the database its environment names
 * (DATABASE_URL, or PGlite in DATA_DIR) that the bench generated. Prints `READY <url>` once it
 * serves; stops when its parent closes stdin, or after 30 minutes at most. No identity provider
 * runs beside it: the generated sellers, whom the inventory bench signs in with access tokens,
 * are taken as accounts in good standing.
 */
import { buildApp } from '../../server/src/app';

async function main() {
  const app = await buildApp({
    config: { rateLimitPerMinute: 0, jwtSecret: 'bench-secret-bench-secret-bench-secret', orderSweepIntervalMs: 0, payoutTickMs: 0 },
    logger: false,
    checkAccount: async () => ({ active: true }),
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  process.stdout.write(`READY ${url}\n`);
  const stop = async () => {
    await app.close();
    process.exit(0);
  };
  process.stdin.on('end', stop);
  process.stdin.resume();
  setTimeout(stop, 30 * 60_000).unref();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
