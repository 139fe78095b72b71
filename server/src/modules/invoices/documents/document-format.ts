import { formatMoney, minorToDecimalString } from '@shared/money';

/** How invoice documents print values: one format for the PDF and the e-invoice's texts. */

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})/;

/** `2026-12-03` (or an ISO time stamp starting so) → `3.12.2026`; anything else as it is. */
export function dayDate(iso: string): string {
  const match = ISO_DAY.exec(iso);
  if (!match) return iso;
  const [, year, month, day] = match;
  return `${Number(day)}.${Number(month)}.${year}`;
}

/** The calendar day of an ISO date or time stamp (`YYYY-MM-DD`), or null when it is neither. */
export function isoDay(value: string | null): string | null {
  const match = value ? ISO_DAY.exec(value) : null;
  return match ? `${match[1]}-${match[2]}-${match[3]}` : null;
}

/** `122.00 EUR`: two decimals and the currency code, as everywhere in the app. */
export const money = formatMoney;

/** `122.00`: two decimals, no currency (e-invoice amounts, table cells). */
export const decimal = minorToDecimalString;

/** A VAT rate in basis points as a percentage without trailing zeros: 2200 → `22`, 950 → `9.5`. */
export function percent(basisPoints: number): string {
  if (!Number.isSafeInteger(basisPoints) || basisPoints < 0) throw new Error(`not a VAT rate: ${basisPoints}`);
  const whole = Math.floor(basisPoints / 100);
  const fraction = (basisPoints % 100).toString().padStart(2, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

/** The printed address of a party: street lines, then post code and city, then country. */
export function addressLines(party: {
  address: string | null;
  postal_code: string | null;
  city: string | null;
  country: string | null;
}): string[] {
  const street = (party.address ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const town = [party.postal_code, party.city].filter(Boolean).join(' ');
  return [...street, ...(town ? [town] : []), ...(party.country ? [party.country] : [])];
}
