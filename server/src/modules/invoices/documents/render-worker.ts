import { parentPort } from 'node:worker_threads';
import { eInvoiceLibrary, renderInvoiceFiles } from './einvoice';
import type { InvoiceDocument } from './model';

/**
 * A render-pool thread (render-pool.ts): renders the invoices it is sent, one message each, and
 * answers with the bytes, the PDF's memory moved rather than copied.
 */

export interface RenderRequest {
  id: number;
  doc: InvoiceDocument;
}
export type RenderReply =
  | { ready: true }
  | { id: number; pdf: ArrayBuffer; xrechnung: string }
  | { id: number; error: { name: string; message: string; stack?: string } };

/** A copy of the bytes in an ArrayBuffer of their own, so it can be transferred. */
function ownBuffer(bytes: Uint8Array): ArrayBuffer {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer) {
    return bytes.buffer;
  }
  return new Uint8Array(bytes).buffer;
}

const port = parentPort;
if (port) {
  // Load the e-invoice library while the first invoice is being prepared.
  void eInvoiceLibrary();
  port.on('message', ({ id, doc }: RenderRequest) => {
    // Structured cloning turns the logo's Buffer into a plain Uint8Array.
    const logo = doc.seller.logo;
    if (logo) logo.data = Buffer.from(logo.data.buffer, logo.data.byteOffset, logo.data.byteLength);
    renderInvoiceFiles(doc).then(
      ({ pdf, xrechnung }) => {
        const bytes = ownBuffer(pdf);
        port.postMessage({ id, pdf: bytes, xrechnung } satisfies RenderReply, [bytes]);
      },
      (err: unknown) => {
        const error = err instanceof Error ? err : new Error(String(err));
        port.postMessage({
          id,
          error: { name: error.name, message: error.message, stack: error.stack },
        } satisfies RenderReply);
      },
    );
  });
  port.postMessage({ ready: true } satisfies RenderReply);
}
