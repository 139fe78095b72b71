import type { FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * A small answer compressed at once, fast: the floor's changes pulls come every few seconds
 * from every tablet, and at brotli's quality 1 (gzip's level 1) one of a few hundred rows takes
 * a third of the time it takes at the quality 4 the server uses elsewhere, for a few percent
 * more bytes. Sent as it is (the compression plugin leaves an encoded answer alone).
 */
export function sendQuick(request: FastifyRequest, reply: FastifyReply, text: string): FastifyReply {
  const accepted = String(request.headers['accept-encoding'] ?? '').toLowerCase();
  const body = Buffer.from(text, 'utf8');
  reply.header('vary', 'accept-encoding');
  if (body.length < 1024) return reply.send(body);
  if (/\bbr\b/.test(accepted)) {
    const params = { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_SIZE_HINT]: body.length };
    return reply.header('content-encoding', 'br').send(brotliCompressSync(body, { params }));
  }
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(gzipSync(body, { level: 1 }));
  return reply.send(body);
}
