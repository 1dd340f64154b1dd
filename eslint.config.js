// ESLint flat config for the whole workspace.
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/.tsbuild/**', '**/node_modules/**', 'e2e/output/**', 'data/**', '**/*.d.ts'],
  },
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['warn', { allow: ['warn', 'error'] }],
    },
  },
  {
    // shared/ runs in the browser, a worker and Node: no platform or framework imports.
    files: ['shared/src/**/*.ts'],
    ignores: ['shared/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*', 'react', 'react-dom', 'express', 'socket.io', 'firebase*'], message: 'shared/ stays platform-free.' }] },
      ],
    },
  },
  {
    files: ['client/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Imports flow one way: shared -> features -> app. Features do not import each other or the app.
    files: ['client/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@/features/*', '@/app/*'], message: 'Features import only shared code (components, lib, stores, config) and their own files by relative path.' }] },
      ],
    },
  },
  {
    // Only a feature's api/ hooks call the backend port (ARCHITECTURE.md); components, hooks,
    // the app shell and lib code use those hooks. Types of the port (upload progress, ...) may be
    // imported anywhere. A dynamic import() of the port is refused too.
    files: ['client/src/features/**/*.{ts,tsx}', 'client/src/components/**/*.{ts,tsx}', 'client/src/app/**/*.{ts,tsx}'],
    // The app's composition root creates the backend and provides it (load-backend, provider).
    ignores: ['client/src/features/*/api/**', 'client/src/app/load-backend.ts', 'client/src/app/provider.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportExpression[source.value=/(^|\\/)lib\\/backend(-context)?(\\/|$)/]',
          message: "Call the backend from a hook in the feature's api/ folder (or src/lib/api/), not from components.",
        },
      ],
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/lib/backend-context', '@/lib/backend', '@/lib/backend/*', '**/lib/backend-context', '**/lib/backend', '**/lib/backend/*'],
              allowTypeImports: true,
              message: "Call the backend from a hook in the feature's api/ folder (or src/lib/api/), not from components.",
            },
          ],
        },
      ],
    },
  },
  {
    // Command-line tools, scripts and benchmarks talk to the terminal.
    files: ['scripts/**', '**/scripts/**', 'gateway/src/cli/**', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // Test helpers type loosely shaped JSON answers: `any` as a default type argument is allowed there.
    files: ['**/test/**', '**/*.test.{ts,tsx}', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Units a reader can hold: no file over 300 lines, no function or component over 80
    // (a long declarative table splits by domain; a long component into a state hook and views).
    // Tests keep the file cap only: a describe block is a list of cases, not logic.
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    rules: { 'max-lines': ['error', { max: 300 }] },
  },
  {
    files: ['shared/src/**/*.ts', 'gateway/src/**/*.ts', 'client/src/**/*.{ts,tsx}', 'scripts/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**', '**/testing/**'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['gateway/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/client/**', 'react'], message: 'The gateway never imports client code.' }] }],
    },
  },
);
