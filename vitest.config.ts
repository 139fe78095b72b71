import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

const alias = {
  '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
  '@': fileURLToPath(new URL('./src', import.meta.url)),
};

export default defineConfig({
  test: {
    // Vitest's default for `run` is one worker fewer than the cores: a single worker on the
    // 2-core CI machines. The main process idles while files run, so use every core
    // (client files 182 s → 106 s on 2 cores).
    maxWorkers: availableParallelism(),
    projects: [
      {
        plugins: [react()],
        resolve: { alias },
        define: { __APP_VERSION__: '"test"', __BUILD_DATE__: '"test"' },
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'tests/client/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/client/setup.ts'],
          // Screens render in jsdom on two cores shared with the static checks, the build and the
          // API tests; a test waits for its conditions, and its bound leaves room for a machine
          // three times slower than that (the slowest test takes ~40 s on this one when shared).
          testTimeout: 180_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'tests/server/**/*.test.ts'],
          // load tests time the server: they run alone (project `load`), not beside other files
          exclude: ['**/*.load.test.ts', '**/node_modules/**'],
          // Bounds with room for a machine three times slower than a shared two-core one.
          testTimeout: 90_000,
          hookTimeout: 180_000,
          // Each file builds its own app on its own database, so files may share one module graph:
          // the server's modules load once per worker instead of once per file (219 s → 101 s).
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'load',
          environment: 'node',
          include: ['tests/server/**/*.load.test.ts'],
          testTimeout: 300_000,
          hookTimeout: 60_000,
          // one file at a time: what a load test times must be the server, not its neighbours
          fileParallelism: false,
        },
      },
    ],
  },
});
