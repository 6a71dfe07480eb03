import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

/** `npm run server`: the API on the embedded database unless DATABASE_URL says otherwise. */
async function main() {
  const config = loadConfig();
  const app = await buildApp({ config, logger: { level: process.env.LOG_LEVEL ?? 'info' } });
  await app.listen({ port: config.apiPort, host: config.apiHost });

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
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
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('The API could not start:', error);
  }
  process.exit(1);
});
