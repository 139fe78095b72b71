import type { FastifyRequest } from 'fastify';
import { documentFields, type DOCUMENT_CONTENT_TYPES } from '@shared/schemas/owner';
import { issuesToFieldErrors } from '@shared/errors';
import type { z } from 'zod';
import { AppError, fieldError } from '../../app-error';
import { multipartForm } from '../../http/multipart';
import { LOGO_TYPES, sniffLogo } from '../venue-setup/logo-file';

export type DocumentContentType = (typeof DOCUMENT_CONTENT_TYPES)[number];

export interface UploadedDocument {
  bytes: Buffer;
  fileName: string;
  fields: z.output<typeof documentFields>;
}

/** What the bytes are (PDF, PNG, JPEG, WebP), whatever the file is called; null for anything else. */
export function sniffDocument(bytes: Buffer): DocumentContentType | null {
  if (bytes.toString('latin1', 0, 5) === '%PDF-') return 'application/pdf';
  const image = sniffLogo(bytes);
  return image && image !== 'svg' ? LOGO_TYPES[image] : null;
}

/** A file name safe in a content-disposition header: no path, no quotes, no control characters. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const safe = base
    .replace(/[^\w.\- ]+/g, '_')
    .replace(/^\.+/, '')
    .slice(-100);
  return safe || 'document';
}

/** The multipart form: field `file` plus the fields of documentFields, in any order. */
export async function readDocumentUpload(request: FastifyRequest): Promise<UploadedDocument> {
  const form = await multipartForm(request);
  // an empty valid_until clears the date; other empty fields are left out
  const values = Object.fromEntries(
    Object.entries(form.values).map(([k, v]) => [k, v === '' && k !== 'valid_until' ? undefined : v]),
  );
  const file = form.file;
  const parsed = documentFields.safeParse(values);
  if (!parsed.success) {
    throw new AppError('validation', { fields: issuesToFieldErrors(parsed.error.issues) });
  }
  if (!file || !file.bytes.length) throw fieldError('file', 'required');
  return { ...file, fields: parsed.data };
}
