import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const sharedSrc = fileURLToPath(new URL('../shared/src/', import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@movelab\/shared$/, replacement: `${sharedSrc}index.ts` },
      { find: /^@movelab\/test-tools$/, replacement: fileURLToPath(new URL('../test-tools/src/index.ts', import.meta.url)) },
      { find: /^@movelab\/shared\/(.*)$/, replacement: `${sharedSrc}$1.ts` },
      { find: /^@\/(.*)$/, replacement: fileURLToPath(new URL('./src/$1', import.meta.url)) },
    ],
  },
  test: {
    name: 'client',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/testing/setup.ts'],
    passWithNoTests: true,
    // Rendered screens with userEvent on a loaded two-core machine: room beyond the 5 s default, not a timing assertion.
    testTimeout: 20_000,
  },
});
