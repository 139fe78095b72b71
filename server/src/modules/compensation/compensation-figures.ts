import { mulDivRound } from '@shared/ledger';
import { safeMinor, type Minor } from '@shared/money';

export interface CompensationTerms {
  days: number;
  dayRateMinor: Minor;
  travelMinor: Minor;
  perDiemMinor: Minor;
  /** Basis points of the gross withheld (1500 = 15 %). */
  withholdingBp: number;
}

export interface CompensationFigures {
  /** days × day rate */
  feesMinor: Minor;
  /** fees + travel + per diem */
  grossMinor: Minor;
  /** gross × withholding / 10 000, rounded half away from zero */
  withholdingMinor: Minor;
  /** gross − withholding: what the venue owes the official */
  payableMinor: Minor;
}

/** The bill's figures (DOMAIN.md "Compensation bill"), in integers only. */
export function compensationFigures(terms: CompensationTerms): CompensationFigures {
  const fees = safeMinor(Number(BigInt(terms.days) * BigInt(terms.dayRateMinor)));
  const gross = safeMinor(fees + terms.travelMinor + terms.perDiemMinor);
  const withholding = mulDivRound(gross, terms.withholdingBp, 10_000);
  return { feesMinor: fees, grossMinor: gross, withholdingMinor: withholding, payableMinor: gross - withholding };
}
