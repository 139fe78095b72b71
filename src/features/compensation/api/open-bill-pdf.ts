import type { CompensationBill } from '@shared/schemas/compensation';
import { openFile } from '@/lib/open-file';

/** GET /api/v1/compensationBill/{id}/pdf/: one bill's PDF, in a new window. */
export function openBillPdf(bill: Pick<CompensationBill, 'id' | 'number'>): Promise<void> {
  return openFile(`compensationBill/${bill.id}/pdf/`, `compensation-bill-${bill.number}.pdf`);
}
