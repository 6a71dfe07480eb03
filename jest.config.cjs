/** One jest run: the SPA (jsdom) and the API and sandboxes (node). */
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

module.exports = {
  // Generous: a test that builds a fresh database, or a jsdom page with lazy chunks, can take
  // seconds on a busy two-core machine. A test that truly hangs still fails.
  testTimeout: 30_000,
  projects: [
    {
      displayName: 'client',
      testEnvironment: 'jest-fixed-jsdom',
      roots: ['<rootDir>/src', '<rootDir>/test'],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      transform: { '^.+\\.(mjs|cjs|jsx?|tsx?)$': swc },
      transformIgnorePatterns: [`/node_modules/(?!(${esmPackages})/)`],
      moduleNameMapper: {
        '\\.(png|jpe?g|webp|svg|gif)$': '<rootDir>/test/fileStub.cjs',
      },
      setupFilesAfterEnv: ['<rootDir>/test/setupTests.ts'],
      testEnvironmentOptions: { customExportConditions: [''] },
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/server', '<rootDir>/sandbox'],
      testMatch: ['**/*.test.ts'],
      transform: { '^.+\\.(mjs|cjs|jsx?|tsx?)$': swc },
      transformIgnorePatterns: [`/node_modules/(?!(${esmPackages})/)`],
    },
  ],
};
