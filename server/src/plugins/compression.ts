import fastifyCompress, { type FastifyCompressOptions } from '@fastify/compress';
import { constants } from 'node:zlib';
import type { App } from '../types';

/**
 * Text types worth compressing. Never text/event-stream: a compressor buffers, and a stream
 * of events must reach the client as each is written.
 */
const COMPRESSIBLE =
  /^(application\/(json|x-ndjson|problem\+json|javascript|xml|manifest\+json)|text\/(html|css|plain|csv|javascript|xml|calendar)|image\/svg\+xml)\b/;

/**
 * Responses above 1 KB of a compressible type go out compressed (brotli, else gzip) when the
 * client accepts it. Brotli at quality 4: at the default 11 a 50,000-row floor snapshot costs
 * more CPU than it saves on the wire. A response that is already encoded (a precompressed
 * static file, the translations) is left as it is.
 */
const OPTIONS = {
  global: true,
  threshold: 1024,
  encodings: ['br', 'gzip'],
  customTypes: COMPRESSIBLE,
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  zlibOptions: { level: 6 },
} satisfies FastifyCompressOptions;

/**
 * A route's own lower bound (its `compress` option; a route's options replace the plugin's
 * whole, so they are these with another threshold). For the answers of a frequent request that
 * are a packet or two: each compressor is set up anew for its answer, which cost more CPU
 * (~0.3 ms under load) than the few hundred bytes it saved.
 */
export const compressAbove = (threshold: number): FastifyCompressOptions => ({ ...OPTIONS, threshold });

export async function registerCompression(app: App): Promise<void> {
  await app.register(fastifyCompress, OPTIONS);
}
