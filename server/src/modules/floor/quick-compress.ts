import type { FastifyReply, FastifyRequest } from 'fastify';
import { Buffer } from 'node:buffer';
import { Readable } from 'node:stream';
import { brotliCompressSync, constants, createBrotliCompress, createGzip, gzipSync } from 'node:zlib';

const encodingOf = (request: FastifyRequest): 'br' | 'gzip' | null => {
  const accepted = String(request.headers['accept-encoding'] ?? '').toLowerCase();
  return /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
};

/** Many lines compressed the same way as they are sent, off the event loop (zlib's threads). */
export function sendQuickStream(request: FastifyRequest, reply: FastifyReply, lines: Buffer[]): FastifyReply {
  const encoding = encodingOf(request);
  reply.header('vary', 'accept-encoding');
  const source = Readable.from(lines, { objectMode: false });
  if (!encoding) return reply.send(source);
  const compressor =
    encoding === 'br'
      ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 1 } })
      : createGzip({ level: 1 });
  return reply.header('content-encoding', encoding).send(source.pipe(compressor));
}

/**
 * A small answer compressed at once, fast: the floor's changes pulls come every few seconds
 * from every tablet, and at brotli's quality 1 (gzip's level 1) one of a few hundred rows takes
 * a third of the time it takes at the quality 4 the server uses elsewhere, for a few percent
 * more bytes. Sent as it is (the compression plugin leaves an encoded answer alone).
 */
export function sendQuick(request: FastifyRequest, reply: FastifyReply, text: string | Buffer): FastifyReply {
  const encoding = encodingOf(request);
  const body = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  reply.header('vary', 'accept-encoding');
  if (body.length < 1024) return reply.send(body);
  if (encoding === 'br') {
    const params = { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_SIZE_HINT]: body.length };
    return reply.header('content-encoding', 'br').send(brotliCompressSync(body, { params }));
  }
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(gzipSync(body, { level: 1 }));
  return reply.send(body);
}
