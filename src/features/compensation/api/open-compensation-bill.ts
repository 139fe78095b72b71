import { openFile } from '@/lib/open-file';
import { requireParams } from '@/lib/require-params';

/**
 * GET /api/v1/officialParticipation/{id}/generateCompensationBill/: the participation's bill as
 * a PDF, in a new window; the server issues it first when there is none (and credits the official).
 */
export function openCompensationBill(participation: number): Promise<void> {
  requireParams({ participation });
  return openFile(
    `officialParticipation/${participation}/generateCompensationBill/`,
    `compensation-bill-${participation}.pdf`,
  );
}
