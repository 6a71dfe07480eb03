import { buildPostgresTemplate } from './postgresTemplate';
import { PGLITE_TEMPLATE_VARIABLE, POSTGRES_TEMPLATE_VARIABLE, buildPgliteTemplate, recordBuild, templatesOff } from './templateDbs';

/** What globalTeardown.ts removes at the end of the run. */
export interface Templates {
  remove(): Promise<void>;
}
declare global {
  var bookResaleTestTemplates: Templates | undefined;
}

/**
 * Runs once before the server tests (jest's globalSetup): migrates the run's template database,
 * which each test file's `createTestDb` then copies. The variable it sets reaches jest's workers,
 * which start after it.
 */
export default async function globalSetup(): Promise<void> {
  if (templatesOff()) return;
  const started = Date.now();
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    try {
      const template = await buildPostgresTemplate(url);
      process.env[POSTGRES_TEMPLATE_VARIABLE] = template.name;
      globalThis.bookResaleTestTemplates = { remove: template.drop };
    } catch (error) {
      // A role without CREATEDB, say: each file then migrates a schema of its own, as it can.
      process.stdout.write(`\nNo template database (${(error as Error).message}): each test file migrates its own schema\n`);
      return;
    }
  } else {
    const template = await buildPgliteTemplate();
    process.env[PGLITE_TEMPLATE_VARIABLE] = template.file;
    globalThis.bookResaleTestTemplates = { remove: template.remove };
  }
  recordBuild('template', started);
  const database = url ? 'PostgreSQL' : 'PGlite';
  process.stdout.write(`\nTemplate database migrated once for every test file (${database}) in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}
