import type { PayoutBatchSummary } from '@shared/schemas/payouts';
import { downloadFile } from '@/lib/download-file';

/** GET /api/v1/payoutBatch/{id}/pain001/: the batch's SEPA file as generated, saved under the server's name. */
export function downloadPain001(batch: Pick<PayoutBatchSummary, 'id' | 'message_id'>): Promise<void> {
  return downloadFile(`payoutBatch/${batch.id}/pain001/`, `pain001-${batch.message_id}.xml`);
}
