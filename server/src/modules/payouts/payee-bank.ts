import { electronicFormatIBAN, isSEPACountry, isValidBIC, isValidIBAN } from 'ibantools';
import type { PayeeStatus } from '@shared/schemas/payouts';
import { sepaText } from './sepa-text';

export interface CheckedAccount {
  status: PayeeStatus;
  /** Electronic format (no spaces, upper case) when the IBAN passes; else as stored. */
  iban: string | null;
  bic: string | null;
}

/**
 * Can money be sent to this account by SEPA credit transfer? The IBAN must pass ISO 13616
 * (ibantools: country format and mod-97) and belong to a SEPA country; a BIC, when given, must
 * be well-formed (when none is given the transfer goes IBAN-only, which the EPC allows).
 */
export function checkAccount(iban: string | null, bic: string | null): CheckedAccount {
  if (iban === null || !iban.trim()) return { status: 'no_account', iban: null, bic: null };
  const electronic = electronicFormatIBAN(iban) ?? iban;
  const cleanBic = bic?.replace(/\s+/g, '').toUpperCase() || null;
  if (!isValidIBAN(electronic)) return { status: 'invalid_iban', iban, bic: cleanBic };
  if (!isSEPACountry(electronic.slice(0, 2))) return { status: 'not_sepa', iban: electronic, bic: cleanBic };
  if (cleanBic !== null && !isValidBIC(cleanBic)) return { status: 'invalid_bic', iban: electronic, bic: cleanBic };
  return { status: 'ok', iban: electronic, bic: cleanBic };
}

/**
 * The remittance of one transfer. To a federation account (the SVPS variant, issue 15) it leads
 * with the federation, the payee's member number and name, so the federation books the money
 * to the member's account (what is cut at 140 characters is the batch's reference, never those).
 */
export function remittanceOf(
  payee: { federation: string | null; memberNumber: string | null; name: string },
  reference: string,
): string {
  if (!payee.federation || !payee.memberNumber) return reference;
  return sepaText(`${payee.federation} member ${payee.memberNumber} ${payee.name} / ${reference}`, 140);
}
