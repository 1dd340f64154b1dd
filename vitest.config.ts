import os from 'node:os';
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
    // One worker per core plus one (Vitest's default is one fewer than the cores: a single worker on
    // two). Much of the suite waits on emulators, gateways and child processes rather than computing,
    // so files side by side finish the unit stage of a clean CI run in about two thirds of the time.
    maxWorkers: os.availableParallelism() + 1,
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
