import type { FastifyRequest } from 'fastify';
import type { FieldErrorCode } from '@shared/errors';
import { fieldError } from '../app-error';
import { markOwned } from '../workers/pool';

/*
 * Uploads (spec §3: a file sent as form data under the field `file`), for the routes that
 * register @fastify/multipart in their own scope with their own size limit.
 */

export interface UploadedFile {
  bytes: Buffer;
  fileName: string;
}

/** Runs `read`, turning the multipart plugin's "too large" into the field error `file: too_big`. */
async function limited<T>(request: FastifyRequest, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof request.server.multipartErrors.RequestFileTooLargeError) throw fieldError('file', 'too_big');
    throw err;
  }
}

/**
 * The file of an upload under field `file`; missing: `file: required`; empty: `file: <empty>`
 * (null: an empty file is passed on, for the caller to judge).
 */
export async function uploadedFile(
  request: FastifyRequest,
  empty: FieldErrorCode | null = 'required',
): Promise<UploadedFile> {
  if (!request.isMultipart()) throw fieldError('file', 'required');
  const file = await request.file();
  if (!file || file.fieldname !== 'file') throw fieldError('file', 'required');
  const bytes = await limited(request, () => gather(file.file, capacityOf(request)));
  if (file.file.truncated) throw fieldError('file', 'too_big');
  if (empty && !bytes.length) throw fieldError('file', empty);
  return { bytes, fileName: file.filename };
}

/**
 * Above every route's own file limit (the largest, a registry export, is 50 MB): the most room a
 * declared Content-Length can reserve. The route's limit still ends the file (`too_big`).
 */
const LARGEST_RESERVATION = 64 * 1024 * 1024;

/** A file is never larger than the request that carries it: room for it, reserved once. */
function capacityOf(request: FastifyRequest): number {
  const declared = Number(request.headers['content-length']);
  // Memory is committed as the bytes arrive, not when reserved: a large reservation costs little.
  return Number.isSafeInteger(declared) && declared > 0 ? Math.min(declared, LARGEST_RESERVATION) : 0;
}

/**
 * The file's bytes copied piece by piece, as they arrive, into one buffer of their own (marked
 * owned: a thread may take it over without a copy). Gathering the pieces and joining them at the
 * end (the plugin's toBuffer) copies a 50 MB file in one go on the event loop: ~0.1 s in which
 * no other request is answered.
 */
async function gather(pieces: AsyncIterable<Uint8Array>, capacity: number): Promise<Buffer> {
  let store = Buffer.allocUnsafeSlow(Math.max(capacity, 64 * 1024));
  let length = 0;
  for await (const piece of pieces) {
    if (length + piece.length > store.length) {
      // Without a (true) Content-Length: grow by doubling, each byte copied a few times at most.
      const grown = Buffer.allocUnsafeSlow(Math.max(store.length * 2, length + piece.length));
      grown.set(store.subarray(0, length));
      store = grown;
    }
    store.set(piece, length);
    length += piece.length;
  }
  return markOwned(store.subarray(0, length)) as Buffer;
}

/** The file of an upload under field `file`, to be read piece by piece (a large one). */
export interface UploadStream {
  fileName: string;
  /** The file's bytes as they arrive; past the route's size limit they fail with `file: too_big`. */
  pieces: AsyncIterable<Uint8Array>;
}

/** Like `uploadedFile`, but the bytes are read by the caller as they arrive, never gathered here. */
export async function uploadedStream(request: FastifyRequest): Promise<UploadStream> {
  if (!request.isMultipart()) throw fieldError('file', 'required');
  const file = await request.file();
  if (!file || file.fieldname !== 'file') throw fieldError('file', 'required');
  async function* pieces() {
    for await (const piece of file!.file) yield piece as Uint8Array;
    // Past the limit the parser drops the rest and ends the file early.
    if (file!.file.truncated) throw fieldError('file', 'too_big');
  }
  return { fileName: file.filename, pieces: pieces() };
}

/** A form of field `file` and text fields, in any order; the text fields as sent. */
export async function multipartForm(
  request: FastifyRequest,
): Promise<{ file: UploadedFile | undefined; values: Record<string, string> }> {
  if (!request.isMultipart()) throw fieldError('file', 'required');
  const values: Record<string, string> = {};
  let file: UploadedFile | undefined;
  await limited(request, async () => {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await gather(part.file, capacityOf(request));
        if (part.file.truncated) throw fieldError('file', 'too_big');
        if (part.fieldname === 'file') file = { bytes, fileName: part.filename };
      } else values[part.fieldname] = String(part.value);
    }
  });
  return { file, values };
}
