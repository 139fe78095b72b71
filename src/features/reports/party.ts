import { REPORT_PARTY_TYPES, type ReportPartyType } from '@shared/schemas/reports';

/** A party whose summary and transaction details can be opened. */
export interface ReportParty {
  type: ReportPartyType;
  id: number;
}

export const isReportParty = (type: string): type is ReportPartyType =>
  (REPORT_PARTY_TYPES as readonly string[]).includes(type);
