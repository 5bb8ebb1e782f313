import { defineConfig } from 'vitest/config';

/**
 * The faults suite (`npm run test:faults`): the built server as child processes, killed and
 * starved on purpose. One file at a time: each starts its own processes and measures time.
 */
export default defineConfig({
  test: {
    name: 'faults',
    root: import.meta.dirname,
    include: ['*.test.ts'],
    globalSetup: ['./global-setup.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
