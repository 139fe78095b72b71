import { electronicFormatIBAN, isSEPACountry, isValidBIC, isValidIBAN } from 'ibantools';
import type { PayeeStatus } from '@shared/schemas/payouts';
import { sepaText } from './sepa-text';
import { EEA_COUNTRIES } from '@shared/eu-countries';

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
export function checkAccount(
  iban: string | null,
  bic: string | null,
  address: PayeeAddress | null = null,
): CheckedAccount {
  if (iban === null || !iban.trim()) return { status: 'no_account', iban: null, bic: null };
  const electronic = electronicFormatIBAN(iban) ?? iban;
  const cleanBic = bic?.replace(/\s+/g, '').toUpperCase() || null;
  if (!isValidIBAN(electronic)) return { status: 'invalid_iban', iban, bic: cleanBic };
  const country = electronic.slice(0, 2);
  if (!isSEPACountry(country)) return { status: 'not_sepa', iban: electronic, bic: cleanBic };
  if (cleanBic !== null && !isValidBIC(cleanBic)) return { status: 'invalid_bic', iban: electronic, bic: cleanBic };
  // EPC SCT rulebook: a transfer to a SEPA country outside the EEA carries the beneficiary
  // bank's BIC and the beneficiary's address (at least country and town).
  if (!EEA.has(country) && (cleanBic === null || !address?.country?.trim() || !address.city?.trim())) {
    return { status: 'needs_bic_address', iban: electronic, bic: cleanBic };
  }
  return { status: 'ok', iban: electronic, bic: cleanBic };
}

/** The payee's postal address as its profile holds it. */
export interface PayeeAddress {
  address: string | null;
  postalCode: string | null;
  city: string | null;
  country: string | null;
}

/** The European Economic Area, with the EU's outermost regions and Åland. */
const EEA = new Set([
  ...EEA_COUNTRIES,
  // EU outermost regions and Åland, which IBANs may name with their own country codes
  'GF',
  'GP',
  'MQ',
  'RE',
  'YT',
  'BL',
  'MF',
  'PM',
  'AX',
]);

/** Whether an account's country is outside the EEA (its transfers need BIC and address). */
export const outsideEea = (iban: string) => !EEA.has(iban.slice(0, 2).toUpperCase());

/**
 * The remittance of one transfer. To a federation account (the SVPS variant) it leads
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
