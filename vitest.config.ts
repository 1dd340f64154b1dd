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
    // Two workers at least (one fewer than the cores on larger machines): much of the unit stage
    // waits on emulators, Redis and child processes, so two side by side took 230 s where one took
    // 400 s. `npm run test:unit` (scripts/test-unit.mjs) runs the client's Firebase suites apart,
    // one at a time. `npx vitest run --maxWorkers=N` to choose.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
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
      {
        resolve: { alias },
        // The command-line tools outside the product (eval:real): each test runs its tool as a child process.
        test: { name: 'scripts', include: ['scripts/**/*.test.ts'], environment: 'node', testTimeout: 30_000, hookTimeout: 120_000 },
      },
      'client/vitest.config.ts',
    ],
  },
});
