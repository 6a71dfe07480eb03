/** Runs once after the server tests (jest's globalTeardown): removes the run's template database. */
export default async function globalTeardown(): Promise<void> {
  await globalThis.bookResaleTestTemplates?.remove();
  globalThis.bookResaleTestTemplates = undefined;
}
