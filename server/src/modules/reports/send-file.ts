import type { FastifyReply } from 'fastify';

export interface DocumentFile {
  fileName: string;
  contentType: string;
  body: Buffer;
}

/** A document answer: private, never sniffed; a PDF shown in the window it opens, anything else saved. */
export function sendFile(reply: FastifyReply, file: DocumentFile) {
  const disposition = file.contentType === 'application/pdf' ? 'inline' : 'attachment';
  return reply
    .type(file.contentType)
    .header('content-disposition', `${disposition}; filename="${file.fileName}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.body);
}
