import { describe, expect, it } from 'vitest';
import type { App } from '../../server/src/types';
import { useTestServer } from './helpers/use-server';

const server = useTestServer();
const LIMIT = 3;
const limited = () => server().buildApp({ RATE_LIMIT_AUTH_MAX: String(LIMIT), RATE_LIMIT_REPORT_MAX: String(LIMIT) });

const post = (app: App, url: string, payload: object) => app.inject({ method: 'POST', url, payload });

describe('rate limits', () => {
  it('answer 429 rate_limited on sign-in after the configured number of attempts', async () => {
    const app = await limited();
    for (let i = 0; i < LIMIT; i++) {
      expect((await post(app, '/api/token/auth/', { username: 'admin', password: `wrong-${i}` })).statusCode).toBe(400);
    }
    const res = await post(app, '/api/token/auth/', { username: 'admin', password: 'paddock-demo' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ error: 'rate_limited', params: { retry_after: expect.any(Number) } });
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('key sign-in attempts by address and username', async () => {
    const app = await limited();
    for (let i = 0; i <= LIMIT; i++) await post(app, '/api/token/auth/', { username: 'admin', password: 'wrong-pass' });
    expect((await post(app, '/api/token/auth/', { username: 'ADMIN ', password: 'wrong-pass' })).statusCode).toBe(429);
    expect((await post(app, '/api/token/auth/', { username: 'rider', password: 'paddock-demo' })).statusCode).toBe(200);
    const other = await app.inject({
      method: 'POST',
      url: '/api/token/auth/',
      payload: { username: 'admin', password: 'paddock-demo' },
      remoteAddress: '10.0.0.9',
    });
    expect(other.statusCode).toBe(200);
  });

  it.each([
    ['/api/v1/user/magicLink/', { email: 'rider@paddock.demo' }],
    ['/_passwordReset/', { email: 'rider@paddock.demo' }],
    ['/_passwordReset/MQ/1-abc/', { password: 'a-new-password', password2: 'a-new-password' }],
    ['/api/v1/user/register/', { email: 'x@example.com' }],
    ['/api/v1/errorReport/', { kind: 'network', url: '/x', message: 'offline' }],
  ])('apply to %s', async (url, payload) => {
    const app = await limited();
    for (let i = 0; i < LIMIT; i++) expect((await post(app, url, payload)).statusCode).not.toBe(429);
    expect((await post(app, url, payload)).statusCode).toBe(429);
  });
});
