import { describe, expect, it } from 'vitest';
import { AppError } from '../../server/src/app-error';
import { useTestServer } from './helpers/use-server';

const server = useTestServer();

describe('error answers', () => {
  it('hide a thrown non-AppError behind 500 internal, without the stack', async () => {
    const app = await server().buildApp();
    app.get('/api/test/boom', { config: { policy: 'public' } }, () => {
      throw new Error('secret database detail at /srv/paddock');
    });
    const res = await app.inject({ url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: 'internal',
      message: 'An error occurred on the server. Developers have been notified.',
    });
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('stack');
  });

  it('carry an AppError’s code, status, fields and params', async () => {
    const app = await server().buildApp();
    app.get('/api/test/conflict', { config: { policy: 'public' } }, () => {
      throw new AppError('conflict', { fields: { name: ['invalid'] }, params: { version: 3 } });
    });
    const res = await app.inject({ url: '/api/test/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'conflict',
      message: expect.any(String),
      fields: { name: ['invalid'] },
      params: { version: 3 },
    });
  });

  it('refuse to start a route under /api without a policy', async () => {
    const app = await server().buildApp();
    expect(() => app.get('/api/test/unguarded', () => 'open')).toThrow(/has no policy/);
  });

  it('answer 404 not_found as JSON for unknown API paths', async () => {
    const res = await server().app.inject({ url: '/api/v1/nothing-here/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: "Error: Record doesn't exist anymore." });
  });

  it('answer 400 for malformed JSON and 415 for an unknown content type, in the same shape', async () => {
    const bad = await server().app.inject({
      method: 'POST',
      url: '/api/token/auth/',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      error: 'validation',
      message: expect.any(String),
      fields: { __all__: ['invalid'] },
    });
    const odd = await server().app.inject({
      method: 'POST',
      url: '/api/token/auth/',
      headers: { 'content-type': 'text/xml' },
      payload: '<a/>',
    });
    expect(odd.statusCode).toBe(415);
    expect(odd.json().error).toBe('validation');
  });

  it('key nested validation errors by field path', async () => {
    const res = await server().app.inject({
      method: 'POST',
      url: '/api/v1/errorReport/',
      payload: { kind: 'bogus', url: 5 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'validation',
      message: expect.any(String),
      fields: { kind: ['invalid'], url: ['invalid'], message: ['required'] },
    });
  });
});
