import { openFile } from '@/lib/open-file';

/** GET /api/v1/venue/{id}/downloadInvoices/: every invoice's PDF in one zip, opened in a new window (spec §7). */
export function downloadInvoices(venue: number): Promise<void> {
  return openFile(`venue/${venue}/downloadInvoices/`, `invoices-${venue}.zip`);
}
