/**
 * ISO 11649 creditor reference ("RF" + two check digits + up to 21 characters), printed on every
 * invoice so a bank transfer can be matched to it (DOMAIN.md "Bank statement").
 */

/** Letters count as 10..35, digits as themselves (ISO 7064 mod 97-10 input). */
const numeric = (text: string) =>
  [...text.toUpperCase()].map((c) => (/[0-9]/.test(c) ? c : String(c.charCodeAt(0) - 55))).join('');

const mod97 = (digits: string) => {
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return rest;
};

/** The RF reference of an alphanumeric body of 1–21 characters. */
export function creditorReference(body: string): string {
  if (!/^[A-Za-z0-9]{1,21}$/.test(body)) throw new Error('a creditor reference body is 1-21 letters or digits');
  const check = 98 - mod97(numeric(`${body}RF00`));
  return `RF${String(check).padStart(2, '0')}${body.toUpperCase()}`;
}

/** True for a well-formed RF reference with valid check digits. */
export function isCreditorReference(reference: string): boolean {
  const compact = reference.replace(/\s+/g, '').toUpperCase();
  if (!/^RF[0-9]{2}[A-Z0-9]{1,21}$/.test(compact)) return false;
  return mod97(numeric(compact.slice(4) + compact.slice(0, 4))) === 1;
}

/** An invoice's reference: venue (4 digits) and number (7 digits), e.g. RF18 0001 0000042. */
export const invoiceReference = (venueId: number, number: number) =>
  creditorReference(`${String(venueId).padStart(4, '0')}${String(number).padStart(7, '0')}`);

/** As printed: `{venue}-{number, 5 digits}`. */
export const invoiceNumberText = (venueId: number, number: number) => `${venueId}-${String(number).padStart(5, '0')}`;
