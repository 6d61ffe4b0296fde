import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.tsbuild/**', 'e2e/.artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      eqeqeq: ['error', 'smart'],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The dependency direction is checked, not hoped for: the contract imports no app.
    files: ['packages/protocol/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@sfm/server*', '@sfm/web*', '../../apps/*'] }],
    },
  },
  {
    // Routes never reach the database: they call services.
    files: ['apps/server/src/modules/**/routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['**/db/*', '**/repo', '**/repo.ts', 'drizzle-orm*', 'pg'] },
      ],
    },
  },
  {
    // The web app never imports server code.
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@sfm/server*', '**/apps/server/**'] }] },
  },
  {
    files: ['**/*.js'],
    languageOptions: { globals: globals.node },
  },
);
