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
