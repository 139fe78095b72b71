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

/**
 * The net unit price a line prints, so that quantity × price is the line's net amount exactly
 * as printed (2 × 8.68 = 17.36), never a price rounded to the cent whose product is off: the
 * price with as many decimals as it needs (up to four past the cent, as EN 16931 BT-146 allows),
 * else — a net that the quantity does not divide in so many decimals (17.05 for 3) — the line's
 * net for the whole quantity as the price's base quantity (BT-149): "17.05 per 3". Positive:
 * the sign of a line goes with its quantity (BR-27).
 */
export function unitPriceOf(quantity: number, netMinor: number): { price: string; baseQuantity: number } {
  const units = Math.abs(quantity);
  const net = Math.abs(netMinor);
  if (units <= 1) return { price: decimal(net), baseQuantity: 1 };
  // The price in 1/10000 of a minor unit: exact when the quantity divides net × 10000.
  const scaled = BigInt(net) * 10_000n;
  if (scaled % BigInt(units) !== 0n) return { price: decimal(net), baseQuantity: units };
  const perUnit = (scaled / BigInt(units)).toString().padStart(7, '0');
  const whole = perUnit.slice(0, -6);
  const fraction = perUnit.slice(-6).replace(/0+$/, '').padEnd(2, '0');
  return { price: `${whole}.${fraction}`, baseQuantity: 1 };
}
