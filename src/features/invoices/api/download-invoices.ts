import { downloadFile } from '@/lib/download-file';

/** GET /api/v1/venue/{id}/downloadInvoices/: every invoice's PDF in one zip, saved as a file. */
export function downloadInvoices(venue: number): Promise<void> {
  return downloadFile(`venue/${venue}/downloadInvoices/`, `invoices-${venue}.zip`);
}
