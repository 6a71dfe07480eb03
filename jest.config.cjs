/**
 * One jest run: the SPA (jsdom) and the API and sandboxes (node).
 *
 * `npm test` runs every test file but the slow proofs, the files named `*.slow.test.ts` whose
 * length is their point (processes killed with SIGKILL, two processes at once, real time limits,
 * long property and fuzz runs); `npm run test:slow` runs those (TEST_SUITE=slow), and
 * TEST_SUITE=all runs both. CI runs both (.ci/run).
 */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
const esmPackages = ['rettime', 'until-async', '@open-draft', 'jose'].join('|');

const cores = require('node:os').availableParallelism();
/**
 * jest's runtime, handing V8 the code it compiled for a module in an earlier file of the worker
 * (npm test 291 and 277 s against 343 and 314 s without, runs alternating). TEST_CODE_CACHE=off
 * runs jest's own, to compare.
 */
const CODE_CACHE_RUNTIME = process.env.TEST_CODE_CACHE === 'off' ? undefined : '<rootDir>/test/codeCacheRuntime.cjs';
const SUITES = ['fast', 'slow', 'all'];
const suite = process.env.TEST_SUITE || 'fast';
if (!SUITES.includes(suite)) throw new Error(`TEST_SUITE must be one of ${SUITES.join(', ')}, not "${suite}"`);
const SLOW = '\\.slow\\.test\\.tsx?$';
/** The files of a project for this suite: `*.slow.test.*` only in the slow suite, and kept out of the fast one. */
const files = (patterns) => ({
  testMatch: suite === 'slow' ? patterns.map((pattern) => pattern.replace('.test.', '.slow.test.')) : patterns,
  testPathIgnorePatterns: suite === 'fast' ? ['/node_modules/', SLOW] : ['/node_modules/'],
});

module.exports = {
  // Generous: a test that builds a fresh database, or a jsdom page with lazy chunks, can take
  // seconds on a busy two-core machine. A test that truly hangs still fails.
  testTimeout: 30_000,
  reporters: ['default', '<rootDir>/test/progressReporter.cjs'],
  // `npm test`: half as many workers again as cores. A file waits on its database's thread, its
  // server, its child process or its timers part of its time, and a third worker on two cores
  // fills that (321 and 332 s against 330 and 339 s with two, runs alternating; docs/TESTING.md).
  // The slow proofs keep a worker per core: they time real processes under load.
  maxWorkers: suite === 'fast' ? Math.ceil(cores * 1.5) : cores,
  projects: [
    {
      displayName: 'client',
      runtime: CODE_CACHE_RUNTIME,
      testEnvironment: '<rootDir>/test/jsdomEnvironment.cjs',
      roots: ['<rootDir>/src', '<rootDir>/test'],
      ...files(['**/*.test.ts', '**/*.test.tsx']),
      transform: { '^.+\\.(mjs|cjs|jsx?|tsx?)$': swc },
      transformIgnorePatterns: [`/node_modules/(?!(${esmPackages})/)`],
      moduleNameMapper: {
        '\\.(png|jpe?g|webp|svg|gif)$': '<rootDir>/test/fileStub.cjs',
      },
      setupFilesAfterEnv: ['<rootDir>/test/setupTests.ts', '<rootDir>/test/cpuTimings.cjs'],
      testEnvironmentOptions: { customExportConditions: [''] },
    },
    {
      displayName: 'server',
      runtime: CODE_CACHE_RUNTIME,
      testEnvironment: 'node',
      roots: ['<rootDir>/server', '<rootDir>/sandbox'],
      ...files(['**/*.test.ts']),
      // The database each test file copies, migrated once per run (server/test/templateDbs.ts).
      globalSetup: '<rootDir>/server/test/globalSetup.ts',
      globalTeardown: '<rootDir>/server/test/globalTeardown.ts',
      setupFilesAfterEnv: ['<rootDir>/test/cpuTimings.cjs'],
      transform: { '^.+\\.(mjs|cjs|jsx?|tsx?)$': swc },
      transformIgnorePatterns: [`/node_modules/(?!(${esmPackages})/)`],
    },
  ],
};
