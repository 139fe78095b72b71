import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../server/src/db/migrations-folder';
import { useTestServer } from './helpers/use-server';

// An app of its own: its first health check is what the first test reads.
const server = useTestServer(undefined, { own: true });
/** Every migration drizzle-kit has written so far. */
const MIGRATIONS = (
  JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }
).entries.length;

describe('GET /api/health', () => {
  // First: once the server saw every migration applied, it no longer reads them (they are only added).
  it('answers 503 when a migration is missing', async () => {
    const { db } = server().database;
    await db.execute(sql`ALTER TABLE drizzle.__drizzle_migrations RENAME TO __drizzle_migrations_away`);
    try {
      const res = await server().app.inject({ url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        status: 'error',
        database: true,
        migrations: { current: false, applied: 0, expected: MIGRATIONS },
      });
    } finally {
      await db.execute(sql`ALTER TABLE drizzle.__drizzle_migrations_away RENAME TO __drizzle_migrations`);
    }
  });

  it('reports the database up and migrations current', async () => {
    const res = await server().app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      database: true,
      migrations: { current: true, applied: MIGRATIONS, expected: MIGRATIONS },
      version: '0.1.0',
    });
  });
});

describe('GET /api/v1/config/', () => {
  it('tells the client about the server', async () => {
    const res = await server().app.inject({ url: '/api/v1/config/' });
    expect(res.json()).toEqual({
      version: '0.1.0',
      environment: 'test',
      impersonation_enabled: true,
      stripe_publishable_key: null,
      // No SMTP server in the tests: mail goes to the mail folder only, and the office is told.
      mail_server: false,
    });
    const smtp = await server().buildApp({ SMTP_URL: 'smtp://127.0.0.1:2525' });
    expect((await smtp.inject({ url: '/api/v1/config/' })).json().mail_server).toBe(true);
    // The publishable key is handed out only when card payments are set up (all three keys).
    const publishableOnly = await server().buildApp({ STRIPE_PUBLISHABLE_KEY: 'pk_test_123' });
    expect((await publishableOnly.inject({ url: '/api/v1/config/' })).json().stripe_publishable_key).toBeNull();
    const stripe = await server().buildApp({
      STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_123',
    });
    expect((await stripe.inject({ url: '/api/v1/config/' })).json().stripe_publishable_key).toBe('pk_test_123');
  });
});

describe('GET /static/dist/translations.json', () => {
  it('merges <lang>/<namespace>.json, revalidated by ETag', async () => {
    const dir = path.join(server().config.dataDir, 'locales');
    mkdirSync(path.join(dir, 'en'), { recursive: true });
    mkdirSync(path.join(dir, 'de'), { recursive: true });
    writeFileSync(path.join(dir, 'en', 'common.json'), JSON.stringify({ save: 'Save' }));
    writeFileSync(path.join(dir, 'en', 'errors.json'), JSON.stringify({ forbidden: 'Permission denied.' }));
    writeFileSync(path.join(dir, 'de', 'common.json'), JSON.stringify({ save: 'Speichern' }));
    const app = await server().buildApp({ LOCALES_DIR: dir });
    const res = await app.inject({ url: '/static/dist/translations.json?t=123' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toEqual({
      en: { common: { save: 'Save' }, errors: { forbidden: 'Permission denied.' } },
      de: { common: { save: 'Speichern' } },
      pl: {},
      fr: {},
      it: {},
    });
    const again = await app.inject({
      url: '/static/dist/translations.json',
      headers: { 'if-none-match': res.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('API docs and headers', () => {
  it('serves the OpenAPI document and the UI under the CSP', async () => {
    const json = await server().app.inject({ url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    expect(Object.keys(json.json().paths)).toEqual(expect.arrayContaining(['/api/token/auth/', '/api/v1/venue/{id}/']));
    const ui = await server().app.inject({ url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger-ui');
    expect(ui.body).not.toMatch(/<script>(?!\s*<)/);
    const csp = ui.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('sets the usual security headers on API answers', async () => {
    const res = await server().app.inject({ url: '/api/v1/config/' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });
});
