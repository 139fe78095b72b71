import { downloadFile } from '@/lib/download-file';
import { requireParams } from '@/lib/require-params';

/** GET /api/v1/official/downloadCompensationBills/?venue=: every bill of the venue in a zip (missing ones issued). */
export function downloadCompensationBills(venue: number): Promise<void> {
  requireParams({ venue });
  return downloadFile(`official/downloadCompensationBills/?venue=${venue}`, `compensation-bills-venue-${venue}.zip`);
}
