import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnerShow, Report, REPORT_FORMATS } from '@shared/schemas/owner';
import type { TransactionPage } from '@shared/schemas/ledger';
import { MAX_PAGE_SIZE } from '@shared/schemas/pagination';
import { api } from '@/lib/api-client';
import { requireParams } from '@/lib/require-params';
import { downloadFile } from '@/lib/download-file';
import { ownerKeys, ownerPath, requireOwner, type OwnerRef } from './owner-path';

/** RecordTable lists have a count. */
const counted = <T>(page: { results: T[] }) => ({ count: page.results.length, results: page.results });

/** GET /api/v1/{kind}/{id}/reports/: the venues with a statement to download. */
export async function listReports(owner: OwnerRef): Promise<{ results: Report[] }> {
  return api.get(ownerPath(owner, 'reports/'));
}

export function useReports(owner: OwnerRef) {
  return useQuery(
    queryOptions({ queryKey: ownerKeys.section(owner, 'reports'), queryFn: () => listReports(owner), select: counted }),
  );
}

/** GET /api/v1/{kind}/{id}/reports/{venueId}/{format}/, saved as a file. */
export async function downloadReport(
  owner: OwnerRef,
  venue: number,
  format: (typeof REPORT_FORMATS)[number],
): Promise<void> {
  requireParams({ venue });
  return downloadFile(ownerPath(owner, `reports/${venue}/${format}/`), `statement-${venue}.${format}`);
}

/** GET /api/v1/{kind}/{id}/shows/ or …/balance/: the owner's venues with the balance there. */
export async function listOwnerShows(owner: OwnerRef, which: 'shows' | 'balance'): Promise<{ results: OwnerShow[] }> {
  return api.get(ownerPath(owner, `${which}/`));
}

export function useOwnerShows(owner: OwnerRef, which: 'shows' | 'balance') {
  return useQuery(
    queryOptions({
      queryKey: ownerKeys.section(owner, which),
      queryFn: () => listOwnerShows(owner, which),
      select: counted,
      staleTime: 0,
    }),
  );
}

/** GET /api/v1/transaction/?party_type=&party_id=&venue=: the owner's entries at one venue, with totals. */
export async function listOwnerTransactions(owner: OwnerRef, venue: number | null): Promise<TransactionPage> {
  requireOwner(owner);
  requireParams({ venue });
  return api.get<TransactionPage>('transaction/', {
    params: { party_type: owner.type, party_id: owner.id, venue, page_size: MAX_PAGE_SIZE },
  });
}

export function useOwnerTransactions(owner: OwnerRef, venue: number | null) {
  return useQuery(
    queryOptions({
      queryKey: ownerKeys.section(owner, 'transactions', venue),
      queryFn: () => listOwnerTransactions(owner, venue),
      staleTime: 0,
    }),
  );
}
