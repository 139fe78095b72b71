import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestServer } from './helpers/use-server';

const server = useTestServer();

/** A 1×1 transparent PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const SVG = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');

function multipart(file: Buffer, { field = 'file', name = 'logo.bin', type = 'application/octet-stream' } = {}) {
  const boundary = `----paddock${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(file: Buffer, options: Parameters<typeof multipart>[1] = {}, username = 'admin', venue = 1) {
  const { payload, headers } = multipart(file, options);
  return server().app.inject({
    method: 'POST',
    url: `/api/v1/venue/${venue}/whitelabel_logo/`,
    payload,
    headers: { ...headers, ...(await server().auth(username)) },
  });
}

const hostCheck = async () =>
  (
    await server().app.inject({ url: '/api/v1/venue/check_hostname/', headers: { host: 'whitelabel.localhost' } })
  ).json();

describe('whitelabel logo', () => {
  it('stores an uploaded PNG, names it by id and hash, and check_hostname answers it', async () => {
    const res = await upload(PNG, { name: 'logo.png', type: 'image/png' });
    expect(res.statusCode).toBe(200);
    const url: string = res.json().whitelabel_logo_url;
    expect(url).toMatch(/^\/media\/venue-logo\/\d+-[0-9a-f]{16}\.png$/);
    expect(res.json()).toMatchObject({ id: 1, name: 'Paddock Classic' });
    expect(await hostCheck()).toEqual({ logo: url, venue: 1 });

    const file = await server().app.inject({ url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.rawPayload.equals(PNG)).toBe(true);
  });

  it('serves an SVG with a policy that runs no script, and retires the previous file', async () => {
    const first = (await upload(PNG)).json().whitelabel_logo_url;
    const res = await upload(SVG, { name: 'logo.svg', type: 'image/svg+xml' });
    const url: string = res.json().whitelabel_logo_url;
    expect(url).toMatch(/\.svg$/);
    const file = await server().app.inject({ url });
    expect(file.headers['content-type']).toBe('image/svg+xml');
    expect(file.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    );
    expect(file.rawPayload.equals(SVG)).toBe(true);
    expect((await server().app.inject({ url: first })).statusCode).toBe(404);
    expect((await server().app.inject({ url: url.replace(/-[0-9a-f]{16}\./, '-0000000000000000.') })).statusCode).toBe(
      404,
    );
    expect((await server().app.inject({ url: url.replace(/\.svg$/, '.png') })).statusCode).toBe(404);
  });

  it('judges the type by content, not by the name or the declared type', async () => {
    const html = await upload(Buffer.from('<html><script>alert(1)</script></html>'), {
      name: 'x.png',
      type: 'image/png',
    });
    expect(html.statusCode).toBe(400);
    expect(html.json()).toMatchObject({ error: 'validation', fields: { file: ['invalid'] } });
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 '), Buffer.alloc(20)]);
    expect((await upload(webp, { name: 'logo' })).json().whitelabel_logo_url).toMatch(/\.webp$/);
  });

  it('refuses a file over 512 kB, another field name and a request without a file', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(512 * 1024)]);
    expect((await upload(big)).json()).toMatchObject({ fields: { file: ['too_big'] } });
    expect((await upload(PNG, { field: 'logo' })).json()).toMatchObject({ fields: { file: ['required'] } });
    const json = await server().app.inject({
      method: 'POST',
      url: '/api/v1/venue/1/whitelabel_logo/',
      payload: {},
      headers: await server().auth('admin'),
    });
    expect(json.json()).toMatchObject({ fields: { file: ['required'] } });
    expect((await upload(PNG, {}, 'admin', 99)).statusCode).toBe(404);
    expect(await hostCheck()).toEqual({ logo: '/media/whitelabel-demo.svg', venue: 1 });
  });

  it("is for admins and the venue's own organizer, not the floor staff", async () => {
    expect((await upload(PNG, {}, 'stable')).statusCode).toBe(403);
    expect(await hostCheck()).toEqual({ logo: '/media/whitelabel-demo.svg', venue: 1 });
  });
});
