import { get, type IncomingMessage } from 'node:http';
import type { Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip } from 'node:zlib';
import Fastify from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { sendFlushedLines } from '../../server/src/modules/floor/quick-compress';
import { registerCompression } from '../../server/src/plugins/compression';
import type { App } from '../../server/src/types';
import { FLOOR_STREAM_COLUMNS, FLOOR_STREAM_TYPE } from '../../src/shared/floor-stream';
import { SYNC_PROTOCOL, SYNC_PROTOCOL_HEADER } from '../../src/shared/floor-constants';
import { chargeRiderAt, pull, seedFloorFixtures, type FloorFixtures } from './floor-fixtures';
import { useTestServer } from './helpers/use-server';

/*
 * A snapshot's lines reach the tablet as they are written: each is flushed through the
 * compressor, so the tablet decodes and stores a page while the server compresses the next
 * (a compressor left to itself keeps its output until it has a large block or the answer ends).
 * A snapshot in columns is compressed once and kept for every tablet that asks (snapshot-cache.ts).
 */

type Encoding = 'br' | 'gzip';

function request(url: string, headers: Record<string, string>): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => get(url, { headers }, resolve).on('error', reject));
}

const decompressorOf = (encoding: Encoding): Transform =>
  encoding === 'br' ? createBrotliDecompress() : createGunzip();

/** Resolves when `promise` does, fails after `ms` with `message`. */
function within<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(message)), ms).unref()),
  ]);
}

describe('sendFlushedLines', () => {
  it.each<Encoding>(['br', 'gzip'])(
    'lets the client decode each line (%s) before the server produces the next',
    async (encoding) => {
      const LINES = 5;
      // The client's decoded lines so far, and who waits for how many.
      let decoded = 0;
      const waiters: { count: number; resolve: () => void }[] = [];
      const decodedAtLeast = (count: number) =>
        decoded >= count ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ count, resolve }));

      // Set when the server waited in vain (the client then sees the answer broken off).
      let stalled: Error | undefined;
      const app = Fastify() as unknown as App;
      await registerCompression(app);
      app.get('/lines', (req, reply) =>
        sendFlushedLines(
          req,
          reply,
          (async function* () {
            for (let i = 0; i < LINES; i++) {
              // Small lines, far below any compressor's block: only a flush sends them now. The next
              // line is produced only once the client has decoded this one.
              await within(decodedAtLeast(i), 5_000, `the client had not decoded line ${i - 1} after 5 s`).catch(
                (err: Error) => {
                  stalled = err;
                  throw err;
                },
              );
              yield `${JSON.stringify({ line: i, text: 'x'.repeat(40) })}\n`;
            }
          })(),
        ),
      );
      const url = await app.listen({ port: 0, host: '127.0.0.1' });
      try {
        const res = await request(`${url}/lines`, { 'accept-encoding': encoding });
        expect(res.headers['content-encoding']).toBe(encoding);
        const decompressor = decompressorOf(encoding);
        let text = '';
        decompressor.on('data', (chunk: Buffer) => {
          text += chunk.toString('utf8');
          decoded = text.split('\n').length - 1;
          for (const waiter of waiters.filter((w) => decoded >= w.count)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve();
          }
        });
        const ended = new Promise<void>((resolve, reject) => {
          decompressor.on('end', resolve).on('error', reject);
          res.on('error', reject);
        });
        res.pipe(decompressor);
        await within(ended, 10_000, 'the answer did not end').catch((err: Error) => {
          throw stalled ?? err;
        });
        expect(
          text
            .split('\n')
            .filter(Boolean)
            .map((line) => (JSON.parse(line) as { line: number }).line),
        ).toEqual([0, 1, 2, 3, 4]);
      } finally {
        await app.close();
      }
    },
  );
});

describe('the floor snapshot over HTTP', () => {
  const server = useTestServer();
  let f: FloorFixtures;
  beforeEach(async () => {
    f = await seedFloorFixtures(server().database.db);
  });

  it('sends the snapshot compressed once and kept, with brotli and gzip: the lines of the uncompressed answer', async () => {
    const auth = await server().auth('stable');
    await chargeRiderAt(
      server().app,
      auth,
      f,
      [30, 10, 20].map((minutes) => new Date(Date.now() - minutes * 60_000)),
    );
    const accept = `${FLOOR_STREAM_TYPE}; ${FLOOR_STREAM_COLUMNS}, application/json;q=0.9`;
    // The same answer uncompressed, as the reference.
    const plain = (await pull(server().app, auth, 1, 0, { accept })).body;
    const lines = plain.split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(3);

    const url = await server().app.listen({ port: 0, host: '127.0.0.1' });
    const headers = { ...auth, accept, [SYNC_PROTOCOL_HEADER]: String(SYNC_PROTOCOL) };
    const bodies: Partial<Record<Encoding, Buffer>> = {};
    for (const encoding of ['br', 'gzip'] as const) {
      const res = await request(`${url}/api/v1/venue/1/floor/changes/?cursor=0`, {
        ...headers,
        'accept-encoding': encoding,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      const chunks: Buffer[] = [];
      for await (const chunk of res) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks);
      bodies[encoding] = body;
      const text = await new Promise<string>((resolve, reject) => {
        const out: Buffer[] = [];
        decompressorOf(encoding)
          .on('data', (chunk: Buffer) => out.push(chunk))
          .on('end', () => resolve(Buffer.concat(out).toString('utf8')))
          .on('error', reject)
          .end(body);
      });
      expect(text).toBe(plain);
    }
    // The snapshot is compressed once and kept (snapshot-cache.ts): asked for again, the same
    // bytes, nothing read anew.
    const again = await request(`${url}/api/v1/venue/1/floor/changes/?cursor=0`, {
      ...headers,
      'accept-encoding': 'gzip',
    });
    const chunks: Buffer[] = [];
    for await (const chunk of again) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bodies.gzip!)).toBe(true);
  });
});
