import type { ConsumablesReportInput } from '@shared/schemas/reports';
import { openFile } from '@/lib/open-file';
import { requireParams } from '@/lib/require-params';

/** POST /api/v1/venue/{id}/exportConsumablesPDF/ {date_from?, date_to?}: consumables sold per day and item. */
export function openConsumablesReport(venue: number, input: ConsumablesReportInput): Promise<void> {
  requireParams({ venue });
  return openFile(`venue/${venue}/exportConsumablesPDF/`, `consumables-venue-${venue}.pdf`, {
    method: 'POST',
    body: input,
  });
}
