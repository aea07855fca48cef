// One lint setup for the workspace: ESLint's and typescript-eslint's recommended rules; Prettier formats.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', 'data/**', '**/dist/**', 'coverage/**', 'jest.config.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        __dirname: 'readonly',
        require: 'readonly',
        module: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        fetch: 'readonly',
        AbortSignal: 'readonly',
        URL: 'readonly',
        NodeJS: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='parseFloat']",
          message: 'Money and quantities are exact: use dec() from @erp/contracts.',
        },
        {
          selector:
            "ImportDeclaration[source.value='react'] > ImportSpecifier[imported.name='lazy'], MemberExpression[object.name='React'][property.name='lazy']",
          message:
            'Split code with loadable() (packages/ui-kit/src/loadable.tsx), not React.lazy: React 19 holds a Suspense reveal back 300 ms (issue 12).',
        },
      ],
      // One router on the page, tree-shaken to what the apps use: routing comes from @erp/router (issue 3).
      'no-restricted-imports': [
        'error',
        {
          paths: ['react-router', 'react-router-dom'].map((name) => ({
            name,
            message: 'Import routing from @erp/router (one shared, tree-shaken router).',
          })),
          patterns: [
            { group: ['react-router/*', 'react-router-dom/*'], message: 'Import routing from @erp/router.' },
          ],
        },
      ],
    },
  },
  { files: ['packages/router/src/**'], rules: { 'no-restricted-imports': 'off' } },
  // The shell's service worker: a plain script in the worker's own scope, copied into the build as it is.
  {
    files: ['shell/public/sw.js'],
    languageOptions: {
      sourceType: 'script',
      globals: { self: 'readonly', caches: 'readonly', crypto: 'readonly', TextEncoder: 'readonly' },
    },
  },
  // Migrations are frozen: each states the schema it makes and never reads today's declarations (issue 10).
  {
    files: [
      'services/*/src/migrations.ts',
      'services/*/src/**/*-migration.ts',
      'gateway/src/migrations.ts',
      'packages/service-kit/src/**/*-migration.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@erp/contracts',
              message:
                'A migration states its schema literally; a changed declaration gets a new migration (docs/architecture.md).',
            },
          ],
          patterns: [{ group: ['@erp/contracts/*'], message: 'A migration states its schema literally.' }],
        },
      ],
    },
  },
);
