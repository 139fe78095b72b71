import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createTestServer, type TestServer } from './server';

/**
 * The embedded-database test server with the default settings, one per worker process: the
 * files of a worker share it (they share the module graph too, vitest.config.ts `isolate:
 * false`), so the database starts, migrates and the app is built once per worker rather than
 * once per file. Every test starts from the demo data all the same (`reset()`), and a file's
 * extra apps close with it (`release()`). On a PostgreSQL server each file keeps a database and
 * an app of its own: some files end other sessions' connections on purpose (notices, backups),
 * which an idle connection of an app kept from an earlier file would not survive.
 */
let shared: Promise<TestServer> | undefined;

function sharedServer(): Promise<TestServer> {
  if (!shared) {
    shared = createTestServer();
    shared.catch(() => (shared = undefined));
  }
  return shared;
}

/**
 * Registers the per-file lifecycle: a migrated database, demo data fresh for every test. A file
 * gets a server of its own, closed after it, with settings of its own (`env`) or when it needs
 * an app no other file has used (`own`: what an app does once, at its first request or job).
 */
export function useTestServer(env?: Record<string, string>, { own = false }: { own?: boolean } = {}): () => TestServer {
  let server: TestServer | undefined;
  const alone =
    own || process.env.TEST_DATABASE_URL !== undefined || (env !== undefined && Object.keys(env).length > 0);
  beforeAll(async () => {
    server = alone ? await createTestServer(env) : await sharedServer();
  });
  beforeEach(async () => {
    await server!.reset();
  });
  afterAll(async () => {
    if (!server) return;
    if (alone) await server.close();
    else if (server.app.server.listening) {
      // A file made the shared app listen: a listening app cannot listen again, so it goes.
      shared = undefined;
      await server.close();
    } else await server.release();
  });
  return () => server!;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * useTestServer plus fixtures seeded after each reset: `f` reads the current test's fixtures,
 * `db()` is the database, `call` sends JSON as a signed-in user (null: signed out).
 */
export function useSeededServer<F extends object>(
  seed: (db: TestServer['database']['db']) => Promise<F>,
  env?: Record<string, string>,
  options?: { own?: boolean },
) {
  const server = useTestServer(env, options);
  let current: F | undefined;
  beforeEach(async () => {
    current = await seed(server().database.db);
  });
  const f = new Proxy({} as F, {
    get: (_, key) => {
      if (!current) throw new Error('fixtures are seeded before each test; read them inside one');
      return current[key as keyof F];
    },
  });
  const db = () => server().database.db;
  const call = async (username: string | null, method: Method, url: string, payload?: InjectOptions['payload']) =>
    server().app.inject({ method, url, headers: username ? await server().auth(username) : {}, payload });
  return { server, f, db, call };
}
