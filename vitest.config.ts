import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const sharedSrc = fileURLToPath(new URL('./shared/src/', import.meta.url));
const testToolsSrc = fileURLToPath(new URL('./test-tools/src/', import.meta.url));

/** Tests import @movelab/shared and @movelab/test-tools from source, so they need no build first. */
const alias = [
  { find: /^@movelab\/test-tools$/, replacement: `${testToolsSrc}index.ts` },
  { find: /^@movelab\/shared$/, replacement: `${sharedSrc}index.ts` },
  { find: /^@movelab\/shared\/(.*)$/, replacement: `${sharedSrc}$1.ts` },
];

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default workers: one fewer than the cores (one on CI's two). Three workers there
    // made the unit stage 360 s instead of 498 s (much of it waits on emulators and child
    // processes), but one of five such runs failed a form test whose errors were read before the
    // validation had finished (now awaited): CI keeps the default until more runs say otherwise.
    // `npx vitest run --maxWorkers=3` to run more side by side.
    projects: [
      {
        resolve: { alias },
        test: { name: 'shared', include: ['shared/src/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve: { alias },
        test: { name: 'test-tools', include: ['test-tools/src/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve: { alias },
        test: {
          name: 'gateway',
          include: ['gateway/src/**/*.test.ts', 'gateway/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      'client/vitest.config.ts',
    ],
  },
});
