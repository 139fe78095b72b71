import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { App } from '../../server/src/types';
import { useTestServer } from './helpers/use-server';

const server = useTestServer();

async function appWithBuild(): Promise<App> {
  const dist = path.join(server().config.dataDir, 'dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  mkdirSync(path.join(dist, 'media'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Paddock</title><div id="root"></div>');
  writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"Paddock"}');
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1);');
  writeFileSync(path.join(dist, 'media', 'whitelabel-demo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return server().buildApp({ DIST_DIR: dist });
}

describe('serving the PWA', () => {
  it('serves index.html for / and for client routes, never cached', async () => {
    const app = await appWithBuild();
    for (const url of ['/', '/rider/overview', '/passwordReset?uid=MQ&token=1-x', '/preshow/1']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('revalidates sw.js and the manifest, and caches hashed assets for good', async () => {
    const app = await appWithBuild();
    expect((await app.inject({ url: '/sw.js' })).headers['cache-control']).toBe('no-cache');
    expect((await app.inject({ url: '/manifest.webmanifest' })).headers['cache-control']).toBe('no-cache');
    const asset = await app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject({ url: '/media/whitelabel-demo.svg' })).statusCode).toBe(200);
  });

  it('answers JSON 404 for API paths, missing files and other methods', async () => {
    const app = await appWithBuild();
    for (const url of ['/api/v1/unknown/', '/_passwordReset/x', '/static/other.json', '/assets/missing.js']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error).toBe('not_found');
    }
    expect((await app.inject({ method: 'POST', url: '/rider/overview' })).statusCode).toBe(404);
  });

  it('serves the demo whitelabel logo from public/media without a build', async () => {
    const res = await server().app.inject({ url: '/media/whitelabel-demo.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect((await server().app.inject({ url: '/rider/overview' })).statusCode).toBe(404);
  });
});
