import { openFile } from '@/lib/open-file';

/** GET /api/v1/venue/{id}/generateXMLresults/: the FEI results XML, opened in a new window (spec §7). */
export function openFeiResults(venue: number, show: string | null): Promise<void> {
  return openFile(`venue/${venue}/generateXMLresults/`, `results-${show ?? venue}.xml`);
}
