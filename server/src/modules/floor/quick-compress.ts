import type { FastifyReply, FastifyRequest } from 'fastify';
import { Buffer } from 'node:buffer';
import { Readable, type Transform } from 'node:stream';
import { promisify } from 'node:util';
import {
  brotliCompress,
  brotliCompressSync,
  constants,
  createBrotliCompress,
  createGzip,
  gzip,
  gzipSync,
  type Zlib,
} from 'node:zlib';

/** The encoding of the answer: brotli where the client takes it, else gzip, else none. */
export const encodingOf = (request: FastifyRequest): 'br' | 'gzip' | null => {
  const accepted = String(request.headers['accept-encoding'] ?? '').toLowerCase();
  return /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
};

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * An answer compressed once to be sent many times, off the event loop (zlib's threads): harder
 * than an answer compressed for one client is (brotli quality 5, its window as large as the
 * text wants up to 16 MB: a snapshot's columns repeat over far more than gzip's 32 KB).
 */
export function compressOnce(text: Buffer, encoding: 'br' | 'gzip'): Promise<Buffer> {
  return encoding === 'br'
    ? brotliAsync(text, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_LGWIN]: 24,
          [constants.BROTLI_PARAM_SIZE_HINT]: text.length,
        },
      })
    : gzipAsync(text, { level: 6 });
}

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
 * Lines compressed as the compression plugin would (brotli at quality 4, gzip at level 6), each
 * flushed through the compressor as it is written: a compressor left to itself keeps its output
 * until it has gathered a large block (or the answer ends), so a tablet reading a snapshot would
 * get its first pages only when the server has compressed most of the rest. Flushed per line,
 * each page reaches the tablet, which stores it while the server compresses the next. A flush
 * costs a few bytes; a snapshot's lines are a page (a thousand entries) each. The next line is
 * written once the last one's compressed bytes have been taken (the compressor's own back
 * pressure): no more than a line waits in memory ahead of the connection.
 */
export function sendFlushedLines(
  request: FastifyRequest,
  reply: FastifyReply,
  lines: Iterable<string | Buffer> | AsyncIterable<string | Buffer>,
): FastifyReply {
  const encoding = encodingOf(request);
  reply.header('vary', 'accept-encoding');
  if (!encoding) return reply.send(Readable.from(lines, { objectMode: false }));
  const compressor: Transform & Zlib =
    encoding === 'br'
      ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
      : createGzip({ level: 6 });
  // Brotli's flush, gzip's sync flush: the bytes so far decode in full, and the compressor
  // keeps what it has seen (a full flush would start gzip's dictionary afresh for every line).
  const flush = encoding === 'br' ? constants.BROTLI_OPERATION_FLUSH : constants.Z_SYNC_FLUSH;
  void writeFlushed(compressor, flush, lines);
  return reply.header('content-encoding', encoding).send(compressor);
}

/** Each line written, then flushed; a failed or abandoned answer (the client left) stops it. */
async function writeFlushed(
  compressor: Transform & Zlib,
  flush: number,
  lines: Iterable<string | Buffer> | AsyncIterable<string | Buffer>,
): Promise<void> {
  // A write's or flush's callback comes once the compressor has handled it, with an error once
  // it is destroyed (the connection closed): then the rest is not produced.
  const done = (resolve: () => void, reject: (err: Error) => void) => (err?: Error | null) =>
    err ? reject(err) : resolve();
  try {
    for await (const line of lines) {
      if (compressor.destroyed) return;
      await new Promise<void>((resolve, reject) => compressor.write(line, done(resolve, reject)));
      // (Typed without it, the flush's callback is its write's: it gets the write's error.)
      await new Promise<void>((resolve, reject) => compressor.flush(flush, done(resolve, reject) as () => void));
    }
    compressor.end();
  } catch (err) {
    if (!compressor.destroyed) compressor.destroy(err as Error);
  }
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
