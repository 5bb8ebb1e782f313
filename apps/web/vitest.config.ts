import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
export default defineConfig({
  plugins: [react()],
  resolve: { alias: [{ find: /^@lit\/react$/, replacement: require.resolve('@lit/react').replace(/node[\\/]index\.js$/, 'index.js') }] },
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    testTimeout: 15_000,
    server: { deps: { inline: [/@ionic\/react/, /@stencil\/react-output-target/, /@lit\/react/] } },
  },
});
