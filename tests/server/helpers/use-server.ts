import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createTestServer, type TestServer } from './server';

/** Registers the per-file lifecycle: one migrated database, demo data fresh for every test. */
export function useTestServer(env?: Record<string, string>): () => TestServer {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await createTestServer(env);
  });
  beforeEach(async () => {
    await server!.reset();
  });
  afterAll(async () => {
    await server?.close();
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
) {
  const server = useTestServer(env);
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
