import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@shared/constants';
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
  // What the build's precompress step writes beside a large file.
  const big = `console.log(${JSON.stringify('paddock '.repeat(500))});`;
  writeFileSync(path.join(dist, 'assets', 'main-def456.js'), big);
  writeFileSync(path.join(dist, 'assets', 'main-def456.js.br'), brotliCompressSync(big));
  writeFileSync(path.join(dist, 'assets', 'main-def456.js.gz'), gzipSync(big));
  const html = `<!doctype html><title>Paddock</title><div id="root"></div><!--${'x'.repeat(2000)}-->`;
  writeFileSync(path.join(dist, 'index.html'), html);
  writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(html));
  writeFileSync(path.join(dist, 'index.html.gz'), gzipSync(html));
  return server().buildApp({ DIST_DIR: dist });
}

const decode = (encoding: unknown, body: Buffer): string =>
  (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString('utf8');

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

describe('compression', () => {
  it('sends the precompressed copy the browser accepts (brotli, else gzip), cached for good', async () => {
    const app = await appWithBuild();
    const url = '/assets/main-def456.js';
    const plain = await app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await app.inject({ url, headers: { 'accept-encoding': accept } });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['content-type']).toContain('javascript');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
      expect(decode(encoding, res.rawPayload)).toBe(plain.body);
    }
  });

  it('sends index.html compressed for client routes, still revalidated', async () => {
    const app = await appWithBuild();
    for (const url of ['/', '/stable/dashboard']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(decode('br', res.rawPayload)).toContain('<div id="root">');
    }
  });

  it('compresses API answers above 1 KB, not the small ones', async () => {
    const docs = await server().app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(docs.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decode('br', docs.rawPayload)).openapi).toMatch(/^3\./);
    const health = await server().app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
  });
});

describe('translations per language', () => {
  it('?lng= answers that language only; every language without it; a wrong one is refused', async () => {
    const app = server().app;
    for (const lng of LANGUAGES) {
      const res = await app.inject({ url: `/static/dist/translations.json?t=1&lng=${lng}` });
      expect(res.statusCode, lng).toBe(200);
      const body = res.json<Record<string, Record<string, unknown>>>();
      expect(Object.keys(body), lng).toEqual([lng]);
      expect(Object.keys(body[lng]!)).toEqual(expect.arrayContaining(['common', 'shell', 'offline', 'errors']));
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const all = await app.inject({ url: '/static/dist/translations.json?t=1' });
    expect(Object.keys(all.json()).sort()).toEqual([...LANGUAGES].sort());
    const wrong = await app.inject({ url: '/static/dist/translations.json?t=1&lng=xx' });
    expect(wrong.statusCode).toBe(400);
  });

  it('is sent compressed, a fraction of all five languages, and revalidated per language', async () => {
    const app = server().app;
    const url = '/static/dist/translations.json?t=1&lng=de';
    const plain = await app.inject({ url });
    const all = await app.inject({ url: '/static/dist/translations.json?t=1' });
    expect(plain.rawPayload.length).toBeLessThan(all.rawPayload.length / 3);
    const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(decode('br', br.rawPayload))).toEqual(plain.json());
    const gz = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(JSON.parse(decode('gzip', gz.rawPayload))).toEqual(plain.json());
    const refused = await app.inject({ url, headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    const again = await app.inject({ url, headers: { 'if-none-match': plain.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    const fr = await app.inject({
      url: '/static/dist/translations.json?t=1&lng=fr',
      headers: { 'if-none-match': plain.headers.etag as string },
    });
    expect(fr.statusCode).toBe(200);
  });
});
