import { z } from 'zod';
import { isCountryCode } from './iso-codes';

/*
 * The seller an invoice names (EN 16931 BG-4 "Seller", BG-5 postal address, BG-6 contact, and
 * XRechnung BR-DE-2, BR-DE-5 to BR-DE-7 which make the contact's name, phone and e-mail
 * mandatory). The invoice run reads these from the venue; the venue's Invoicing section writes
 * them. Every field is optional on its own (a show is set up step by step): what an invoice
 * still lacks is listed by the invoice run's check before any number is taken.
 */

const text = (max: number) =>
  z
    .string({ error: 'invalid' })
    .trim()
    .max(max, { error: 'too_long' })
    .nullish()
    .transform((v) => v || null);

/** Drops spaces, dots and dashes that people type into identifiers (DE 123 456 789, CHE-123.456.789). */
export const compactIdentifier = (value: string): string => value.replace(/[\s.-]/g, '').toUpperCase();

/**
 * A VAT identifier as EN 16931 BT-31 wants it: the ISO 3166-1 alpha-2 prefix of the state that
 * issued it (Greece uses EL, Northern Ireland XI: VAT Directive Art. 215) and 2 to 14 letters or
 * digits. The check digits are the tax office's business (VIES); the shape is ours.
 */
export function isVatId(value: string): boolean {
  const match = /^([A-Z]{2})([0-9A-Z+*]{2,14})$/.exec(value);
  if (!match) return false;
  const prefix = match[1]!;
  return prefix === 'EL' || prefix === 'XI' || isCountryCode(prefix);
}

export const vatIdField = z
  .string({ error: 'invalid' })
  .trim()
  .max(30, { error: 'too_long' })
  .transform(compactIdentifier)
  .refine((v) => v === '' || isVatId(v), { error: 'invalid_vat_id' })
  .nullish()
  .transform((v) => v || null);

/** An e-mail address, or nothing (cleared by an empty string). */
export const optionalEmailField = z
  .string({ error: 'invalid' })
  .trim()
  .max(254, { error: 'too_long' })
  .refine((v) => v === '' || z.email().safeParse(v).success, { error: 'invalid_email' })
  .nullish()
  .transform((v) => v || null);

/** A telephone number as people write it: digits, at least six, with + ( ) / - . and spaces. */
export const optionalPhoneField = z
  .string({ error: 'invalid' })
  .trim()
  .max(40, { error: 'too_long' })
  .refine((v) => v === '' || (/^\+?[0-9 ()/.-]+$/.test(v) && v.replace(/\D/g, '').length >= 6), {
    error: 'invalid_phone',
  })
  .nullish()
  .transform((v) => v || null);

/** The seller's fields of the venue (input). */
export const venueIssuerInput = {
  /** BT-27 Seller name: the legal name, when it is not the show's name. */
  legal_name: text(200),
  /** BT-35 Seller address line (street and number). */
  address: text(200),
  /** BT-38 Seller post code. */
  postal_code: text(16),
  /** BT-31 Seller VAT identifier. */
  vat_id: vatIdField,
  /** BT-32 Seller tax registration identifier (the Steuernummer), when there is no VAT id. */
  tax_number: text(40),
  /**
   * BT-30 Seller legal registration identifier: the register and number the seller is entered
   * under (Handelsregister, Vereinsregister, …). An invoice outside the scope of VAT names no VAT
   * id (BR-O-02), so this is what identifies its seller there (BR-CO-26).
   */
  legal_registration_id: text(100),
  /** BT-34 Seller electronic address: where invoices come from and answers go. */
  invoice_email: optionalEmailField,
  /** BT-41 Seller contact point (a person or a department). */
  contact_name: text(100),
  /** BT-42 Seller contact telephone number. */
  contact_phone: optionalPhoneField,
  /** BT-43 Seller contact e-mail address. */
  contact_email: optionalEmailField,
};

/** The seller's fields of the venue (output). */
export const venueIssuerDetail = {
  legal_name: z.string().nullable(),
  address: z.string().nullable(),
  postal_code: z.string().nullable(),
  vat_id: z.string().nullable(),
  tax_number: z.string().nullable(),
  legal_registration_id: z.string().nullable(),
  invoice_email: z.string().nullable(),
  contact_name: z.string().nullable(),
  contact_phone: z.string().nullable(),
  contact_email: z.string().nullable(),
};

/**
 * A Leitweg-ID: the routing id of a German public buyer, printed as the buyer reference (EN 16931
 * BT-10; XRechnung BR-DE-15). KoSIT's format specification (version 2.0.2): a coarse address of
 * 2 to 12 digits, an optional fine address of up to 30 letters and digits, and two check digits,
 * joined by hyphens; the check digits make the whole (letters as 10–35) ≡ 1 mod 97 (ISO/IEC 7064
 * MOD 97-10, as an IBAN's).
 */
export function isLeitwegId(value: string): boolean {
  const match = /^(\d{2,12})(?:-([0-9A-Z]{1,30}))?-(\d{2})$/.exec(value);
  if (!match) return false;
  const digits = `${match[1]}${match[2] ?? ''}${match[3]}`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  return rest === 1;
}

export const leitwegIdField = z
  .string({ error: 'invalid' })
  .trim()
  .max(46, { error: 'too_long' })
  .transform((v) => v.replace(/\s/g, '').toUpperCase())
  .refine((v) => v === '' || isLeitwegId(v), { error: 'invalid_leitweg_id' })
  .nullish()
  .transform((v) => v || null);
