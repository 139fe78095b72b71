import type { FastifyRequest } from 'fastify';
import type { FieldErrorCode } from '@shared/errors';
import { fieldError } from '../app-error';

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
  const bytes = await limited(request, () => file.toBuffer());
  if (empty && !bytes.length) throw fieldError('file', empty);
  return { bytes, fileName: file.filename };
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
        const bytes = await part.toBuffer();
        if (part.fieldname === 'file') file = { bytes, fileName: part.filename };
      } else values[part.fieldname] = String(part.value);
    }
  });
  return { file, values };
}
