import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirInUseError } from './db/dataDirLock';
import { batchedLogStream } from './lib/batchedLogStream';

/** `npm run server`: the API on the embedded database unless DATABASE_URL says otherwise. */
async function main() {
  const config = loadConfig();
  // Standard output, handed on once a turn of the event loop rather than line by line (lib/batchedLogStream.ts).
  const logger = { level: process.env.LOG_LEVEL ?? 'info', stream: batchedLogStream() };
  const app = await buildApp({ config, logger });
  await app.listen({ port: config.apiPort, host: config.apiHost });

  // The first signal stops taking requests and finishes those in flight (app.close waits for them
  // before the database closes); a second one ends the process at once.
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) {
      app.log.warn({ signal }, 'stopping at once');
      process.exit(1);
    }
    closing = true;
    app.log.info({ signal }, 'closing');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'close failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirInUseError) {
    console.error(error.message);
  } else {
    console.error('The API could not start:', error);
  }
  process.exit(1);
});
