import { openFile } from '@/lib/open-file';
import type { ReportParty } from '../party';

/** GET /api/v1/{partyType}/{id}/generateSummaryPDF/?venue=: one show's summary, or every show's (venue null). */
export function openSummary(party: ReportParty, venue: number | null): Promise<void> {
  const query = venue === null ? '' : `?venue=${venue}`;
  return openFile(`${party.type}/${party.id}/generateSummaryPDF/${query}`, `summary-${party.type}-${party.id}.pdf`);
}

/** GET /api/v1/{partyType}/{id}/venueTransactionDetailsPDF/?venue=: the party's entries at a show in detail. */
export function openTransactionDetails(party: ReportParty, venue: number): Promise<void> {
  return openFile(
    `${party.type}/${party.id}/venueTransactionDetailsPDF/?venue=${venue}`,
    `transactions-${party.type}-${party.id}-${venue}.pdf`,
  );
}
