import { rmSync } from 'node:fs';
import { generatedRegistry, startRegistryDouble } from '../tests/registry-double/registry-double';
import { adminToken, report, round, seededDataDir, startServer } from './harness';

/**
 * The figure `sync.registry_10000_s`: the real server on PGlite syncs a registry of 5,000
 * riders and 5,000 horses (and 20 clubs) from the local registry double over HTTP, timed from
 * start_sync until sync_status is no longer in_progress.
 */

const SERVER_ENV = { NODE_ENV: 'test', LOG_LEVEL: 'warn', RATE_LIMIT_AUTH_MAX: '1000000' };

export async function benchSync(port: number): Promise<void> {
  const registry = await startRegistryDouble({ data: generatedRegistry(5000, 5000) });
  const { dataDir } = await seededDataDir('sync', async () => undefined);
  try {
    const server = await startServer(
      {
        ...SERVER_ENV,
        DATA_DIR: dataDir,
        REGISTRY_URL: registry.url,
        REGISTRY_USER: 'paddock',
        REGISTRY_PASSWORD: 'secret',
      },
      port,
    );
    try {
      const headers = { authorization: `Bearer ${await adminToken(server.url)}` };
      const t0 = performance.now();
      const started = await fetch(`${server.url}/api/v1/venue/start_sync/`, { method: 'POST', headers });
      if (started.status !== 202) throw new Error(`start_sync answered ${started.status}: ${await started.text()}`);
      let status: { status: string; counts: Record<string, { created: number }> | null } | undefined;
      for (;;) {
        const res = await fetch(`${server.url}/api/v1/venue/sync_status/`, { headers });
        status = (await res.json()) as typeof status;
        if (status!.status !== 'in_progress') break;
        if (performance.now() - t0 > 300_000) throw new Error('the sync did not end within 300 s');
        await new Promise((r) => setTimeout(r, 100));
      }
      const seconds = (performance.now() - t0) / 1000;
      if (
        status!.status !== 'done' ||
        status!.counts?.rider?.created !== 5000 ||
        status!.counts.horse?.created !== 5000
      )
        throw new Error(`the sync ended ${status!.status}: ${JSON.stringify(status!.counts)}`);
      report({ name: 'sync.registry_10000_s', value: round(seconds), unit: 's', limit: { max: 60 } });
    } finally {
      await server.stop();
    }
  } finally {
    await registry.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
