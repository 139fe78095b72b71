import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { HELMET_OPTIONS } from '../../server/src/plugins/security';
import { useTestServer } from './helpers/use-server';

const server = useTestServer();

const HTTPS_FROM_PROXY = { 'x-forwarded-proto': 'https' };

describe('security headers', () => {
  it('keep one frame policy, CSP frame-ancestors, on pages, API answers and errors', async () => {
    const { app } = server();
    for (const url of ['/', '/api/v1/config/', '/api/v1/no-such-route/']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options'], url).toBeUndefined();
    }
  });

  it('send HSTS only over HTTPS, as a trusted proxy reports it', async () => {
    const behindProxy = await server().buildApp({ TRUST_PROXY: 'true' });
    const secure = await behindProxy.inject({ method: 'GET', url: '/api/v1/config/', headers: HTTPS_FROM_PROXY });
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const plain = await behindProxy.inject({ method: 'GET', url: '/api/v1/config/' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY anyone could send the header: it is not believed.
    const direct = await server().app.inject({ method: 'GET', url: '/api/v1/config/', headers: HTTPS_FROM_PROXY });
    expect(direct.headers['strict-transport-security']).toBeUndefined();
  });

  it("are helmet's, as @fastify/helmet sends them with the same options, on every answer", async () => {
    const reference = Fastify();
    await reference.register(fastifyHelmet, HELMET_OPTIONS);
    reference.get('/', async () => ({}));
    const expected = (await reference.inject({ method: 'GET', url: '/' })).headers;
    await reference.close();
    const named = (headers: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(headers).filter(
          ([name]) => !['content-type', 'content-length', 'date', 'connection', 'x-request-id', 'vary'].includes(name),
        ),
      );
    const wanted = named(expected);
    expect(Object.keys(wanted).length).toBeGreaterThan(8);
    const { app } = server();
    for (const url of ['/api/v1/config/', '/api/v1/no-such-route/']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers, url).toMatchObject(wanted);
    }
  });
});
