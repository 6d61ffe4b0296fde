import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './eslint-rules/boundaries.js';
import { BOUNDARY_ZONES, FEATURE_FACES } from './eslint-rules/zones.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '.tsbuild/**',
      'e2e/.artifacts/**',
      'apps/web/android/**',
      'apps/web/ios/**',
    ],
  },
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
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/require-await': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // A test's fake stands in for an async interface: written `async`, it rejects as the real one
    // does where a plain function would throw at the call, so tests keep `async` without an await.
    files: ['**/*.test.{ts,tsx}', '**/test/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The dependency direction is checked, not hoped for: eslint-rules/zones.js says it as data.
    files: ['**/*.{ts,tsx}'],
    plugins: { sfm: boundaries },
    rules: { 'sfm/boundaries': ['error', { zones: BOUNDARY_ZONES, faces: FEATURE_FACES }] },
  },
  {
    files: ['**/*.js'],
    languageOptions: { globals: globals.node },
  },
);
