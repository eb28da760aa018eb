import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

import tablesHaveOneOwner from './scripts/eslint/tables-have-one-owner.js';
import { exemptFromTableOwners } from './scripts/eslint/table-owners.js';

// Import cycles and the rule that web features never import each other are checked by
// dependency-cruiser (.dependency-cruiser.cjs): the ESLint import plugins need a native resolver
// whose other-platform builds the registry here does not carry, which breaks `npm ci`.
export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      '.node24-tree.*/**',
      // The server bundle the web build's pre-rendering makes and removes again.
      'web/.prerender-*/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // Each icon by its own module: the package's index is some 2,100 modules, which the
      // component tests would compile on every run (docs/decisions/0092).
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'lucide-react',
              message: "Import the icon from 'lucide-react/icons/<name>'.",
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      '**/scripts/**',
      'scripts/**',
      '**/*.config.{js,ts}',
      'e2e/**',
      'server/src/seed/**',
      'server/src/db/backup.ts',
      'server/src/staff/admin.ts',
      'server/bench/**',
    ],
    rules: { 'no-console': 'off' },
  },
  {
    // Only the repository module that owns a table names it in SQL (docs/decisions/0082).
    files: ['server/src/**/*.ts'],
    ignores: exemptFromTableOwners,
    plugins: { 'tables-have-one-owner': tablesHaveOneOwner },
    rules: {
      'tables-have-one-owner/tables-have-one-owner': [
        'error',
        {
          // Tables whose SQL has not moved into its repository yet.
          pending: [],
        },
      ],
    },
  },
  prettier,
);
