import { defineConfig } from 'vitest/config';

/**
 * `npm run test:security`: the security sweep (README.md here), a vitest project of its own so the
 * unit run (root vitest.config.ts: src/ and test/ only) never picks it up.
 */
export default defineConfig({
  test: {
    name: 'security',
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 120_000,
    // each file builds its own app; two at a time on a 2-core machine
    maxWorkers: 2,
  },
});
