import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

const alias = {
  '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
  '@': fileURLToPath(new URL('./src', import.meta.url)),
};

/**
 * Client files that get a module graph of their own: those that replace a module for the whole
 * file (vi.mock) or load modules afresh (vi.resetModules), which a graph shared with other files
 * would carry into them, and those that drive the floor's offline engine and device session, whose module state (the sync engine's
 * locks, the early pull, the snapshot caches, the issued device token) is the app's one per tab.
 */
const ISOLATED_CLIENT_FILES = readdirSync('tests/client')
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => `tests/client/${file}`)
  .filter((file) =>
    /vi\.mock\(|vi\.resetModules\(|@\/offline\/|@\/lib\/device-session/.test(readFileSync(file, 'utf8')),
  );

/**
 * The API test files that run once more on a PostgreSQL server. The embedded database and a
 * server run the same SQL; what differs is what many connections do at once: writes racing each
 * other, the database's notices, the job queue, several API processes, backups. So the files that
 * exercise those (chosen by what they contain), and the files only PostgreSQL can run
 * (`*.pg.test.ts`), run there; every file runs on the embedded database.
 */
const POSTGRES_SERVER_FILES = readdirSync('tests/server')
  .filter((file) => /\.test\.ts$/.test(file) && !/\.load\.test\.ts$/.test(file))
  .map((file) => `tests/server/${file}`)
  .filter(
    (file) =>
      /\.pg\.test\.ts$/.test(file) ||
      /TEST_DATABASE_URL|Promise\.all|concurren|LISTEN|NOTIFY|notices|boss|jobs\./.test(readFileSync(file, 'utf8')),
  );

const server = (): TestProjectInlineConfiguration & { test: NonNullable<TestProjectInlineConfiguration['test']> } => ({
  resolve: { alias },
  test: {
    name: 'server',
    environment: 'node',
    include: ['server/**/*.test.ts', 'tests/server/**/*.test.ts'],
    // load tests time the server: they run alone (project `load`), not beside other files;
    // `.pg.test.ts` files need a PostgreSQL server (project `server-pg`)
    exclude: ['**/*.load.test.ts', '**/*.pg.test.ts', '**/node_modules/**'],
    // Bounds with room for a machine three times slower than a shared two-core one.
    testTimeout: 90_000,
    hookTimeout: 180_000,
    // Each file builds its own app on its own database, so files may share one module graph:
    // the server's modules load once per worker instead of once per file (219 s → 101 s).
    isolate: false,
  },
});

/** A client project's configuration, made anew for each (Vitest takes `define` out of the object it is given). */
const client = (): TestProjectInlineConfiguration & { test: NonNullable<TestProjectInlineConfiguration['test']> } => ({
  plugins: [react()],
  resolve: { alias },
  define: { __APP_VERSION__: '"test"', __BUILD_DATE__: '"test"' },
  test: {
    environment: 'jsdom' as const,
    include: ['src/**/*.test.{ts,tsx}', 'tests/client/**/*.test.{ts,tsx}'],
    setupFiles: ['tests/client/setup.ts'],
    // Screens render in jsdom on two cores shared with the static checks, the build and the
    // API tests; a test waits for its conditions, and its bound leaves room for a machine
    // three times slower than that (the slowest test takes ~40 s on this one when shared).
    testTimeout: 180_000,
  },
});

export default defineConfig({
  test: {
    // Vitest's default for `run` is one worker fewer than the cores: a single worker on the
    // 2-core CI machines. The main process idles while files run, so use every core
    // (client files 182 s → 106 s on 2 cores).
    maxWorkers: availableParallelism(),
    projects: [
      {
        ...client(),
        test: {
          ...client().test,
          name: 'client',
          exclude: [...ISOLATED_CLIENT_FILES, '**/node_modules/**'],
          // Files share a worker's module graph and its document: loading React, Mantine and the
          // translations once per worker instead of once per file (~450 s of CPU → ~200 s for the
          // client files). The setup file gives each file a fresh page's state.
          isolate: false,
        },
      },
      {
        ...client(),
        test: { ...client().test, name: 'client-isolated', include: ISOLATED_CLIENT_FILES },
      },
      server(),
      {
        ...server(),
        test: { ...server().test, name: 'server-pg', include: POSTGRES_SERVER_FILES, exclude: ['**/node_modules/**'] },
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
