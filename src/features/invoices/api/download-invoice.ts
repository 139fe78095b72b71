import type { InvoiceSummary } from '@shared/schemas/invoices';
import { downloadFile } from '@/lib/download-file';

export const INVOICE_FILES = ['pdf', 'xrechnung'] as const;
export type InvoiceFile = (typeof INVOICE_FILES)[number];

const EXTENSIONS: Record<InvoiceFile, string> = { pdf: 'pdf', xrechnung: 'xml' };

/**
 * GET /api/v1/invoice/{id}/pdf/ (Factur-X PDF) or …/xrechnung/ (XRechnung XML), saved under the
 * name the server gives, else the invoice number.
 */
export function downloadInvoice(invoice: Pick<InvoiceSummary, 'id' | 'number'>, file: InvoiceFile): Promise<void> {
  const name = invoice.number.replace(/[^\w.-]+/g, '-');
  return downloadFile(`invoice/${invoice.id}/${file}/`, `${name}.${EXTENSIONS[file]}`);
}
