import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEMO_JWT_SECRET, loadConfig } from '../../server/src/config';

const ROOT = path.resolve(__dirname, '../..');

describe('configuration', () => {
  it('has working defaults for development', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 8080,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:8080',
      jwtSecret: DEMO_JWT_SECRET,
      jwtTtlSeconds: 1800,
      jwtRefreshMaxSeconds: 604800,
      passwordResetTtlSeconds: 259200,
      magicLinkTtlSeconds: 900,
      seedDemo: true,
      impersonationEnabled: true,
      databaseUrl: null,
      smtpUrl: null,
    });
    expect(config.mailDir).toBe(path.join(config.dataDir, 'mail'));
  });

  it('refuses production with the demo secret or a short one', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/demo default/);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'short-secret' })).toThrow(/at least 32 characters/);
    const secrets = { JWT_SECRET: 'x'.repeat(40), QR_SECRET: 'q'.repeat(40) };
    // The QR secret is a secret like the token secret: the demo default is refused too.
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: secrets.JWT_SECRET })).toThrow(/QR_SECRET/);
    const config = loadConfig({ NODE_ENV: 'production', ...secrets });
    expect(config).toMatchObject({ seedDemo: false, impersonationEnabled: false });
    expect(loadConfig({ NODE_ENV: 'production', ...secrets, SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('derives the public URL from PORT when PUBLIC_URL is not set', () => {
    expect(loadConfig({ PORT: '4181' }).publicUrl).toBe('http://localhost:4181');
    expect(loadConfig({ PORT: '4181', PUBLIC_URL: '' }).publicUrl).toBe('http://localhost:4181');
    expect(loadConfig({ PORT: '4181', PUBLIC_URL: 'https://show.example.com' }).publicUrl).toBe(
      'https://show.example.com',
    );
  });

  it('rejects malformed values with the variable named', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
    expect(() => loadConfig({ SCRYPT_N: '1000' })).toThrow(/SCRYPT_N/);
  });

  it('treats empty variables as unset and trims the public URL', () => {
    expect(loadConfig({ DATABASE_URL: '', PUBLIC_URL: 'https://show.example.com/' })).toMatchObject({
      databaseUrl: null,
      publicUrl: 'https://show.example.com',
    });
  });

  it('stops the server process in production with the default secret, saying why', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'production', JWT_SECRET: '', PORT: '0' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('JWT_SECRET is the demo default');
  });
});
