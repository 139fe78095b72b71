import { openFile } from '@/lib/open-file';

/** GET /api/v1/competition/{id}/startlist.pdf: the printable start list, in a new window. */
export function openStartListPdf(competition: number): Promise<void> {
  return openFile(`competition/${competition}/startlist.pdf`, `startlist-${competition}.pdf`);
}
