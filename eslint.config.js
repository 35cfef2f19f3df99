import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from './tools/eslint/boundaries.js';
import { serverLayers } from './tools/eslint/layers.js';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: {
          allowDefaultProject: ['*.js', '*.ts', 'tools/*.ts', 'tools/eslint/*.js', 'tools/eslint/*.ts'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'max-len': ['error', { code: 160, ignoreUrls: true }],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  // A mail's translated text is one string, and a sentence is not cut in the middle to fit a line.
  {
    files: ['apps/server/src/mail/locales/*.ts'],
    rules: { 'max-len': ['error', { code: 160, ignoreUrls: true, ignoreStrings: true }] },
  },
  // Only repositories build SQL; services and the rest call them. Ledger tables belong to the ledger.
  ...serverLayers,
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, boundaries },
    rules: { ...reactHooks.configs.recommended.rules, 'boundaries/web-feature-imports': 'error' },
  },
);
