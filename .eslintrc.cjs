/** Read by eslint 9 with ESLINT_USE_FLAT_CONFIG=false (see package.json "lint"). */

/** Only the typed hooks module touches react-redux's raw hooks. */
const rawReduxHooks = {
  name: 'react-redux',
  importNames: ['useDispatch', 'useSelector', 'useStore'],
  message: 'Use the typed hooks from src/app/hooks.ts.',
};

module.exports = {
  root: true,
  parser: '@typescript-eslint/parser',
  parserOptions: { ecmaVersion: 2022, sourceType: 'module', ecmaFeatures: { jsx: true } },
  env: { browser: true, node: true, es2022: true, jest: true },
  plugins: ['@typescript-eslint', 'react-hooks'],
  extends: ['eslint:recommended', 'plugin:@typescript-eslint/recommended'],
  rules: {
    'react-hooks/rules-of-hooks': 'error',
    'react-hooks/exhaustive-deps': 'warn',
    '@typescript-eslint/no-explicit-any': 'error',
    '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    'no-console': ['warn', { allow: ['error', 'warn', 'info'] }],
  },
  overrides: [
    {
      // Only the typed hooks module touches react-redux's raw hooks.
      files: ['src/**/*.ts', 'src/**/*.tsx'],
      excludedFiles: ['src/app/hooks.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            paths: [rawReduxHooks],
          },
        ],
      },
    },
    {
      // Shared layers know no feature and no app wiring (types of the app's services excepted).
      files: ['src/components/**', 'src/lib/**', 'src/api/**', 'src/config/**', 'src/theme/**', 'src/types/**'],
      excludedFiles: ['**/*.test.ts', '**/*.test.tsx'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            paths: [rawReduxHooks],
            patterns: [
              { group: ['**/features/**', '**/layouts/**'], message: 'Shared code knows no feature: pass what it needs as props.' },
              { group: ['**/app/*', '!**/app/services'], message: 'Shared code knows no app wiring.' },
            ],
          },
        ],
      },
    },
    {
      // The order, notification, earnings, bundle, offer and insight features reach other features only
      // through the shared exception, auth's and roles' slices: what they share goes in src/components or src/api.
      files: [
        'src/features/orders/**',
        'src/features/notifications/**',
        'src/features/earnings/**',
        'src/features/bundles/**',
        'src/features/offers/**',
        'src/features/insight/**',
      ],
      excludedFiles: ['**/*.test.ts', '**/*.test.tsx'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            paths: [rawReduxHooks],
            patterns: [
              {
                regex: '^\\.\\./(?!auth/authSlice$|roles/roleSlice$)[A-Za-z]',
                message: "Features do not import each other's internals (auth's and roles' slices excepted).",
              },
            ],
          },
        ],
      },
    },
    {
      files: ['server/**/*.ts', 'sandbox/**/*.ts', 'scripts/**/*', 'e2e/**/*', 'bench/**/*'],
      rules: { 'no-console': 'off' },
    },
    {
      files: ['**/*.test.ts', '**/*.test.tsx', 'src/testing/**', 'test/**'],
      rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
    },
  ],
  ignorePatterns: ['dist/', 'node_modules/', 'coverage/', '.data/', '*.cjs', 'public/'],
};
