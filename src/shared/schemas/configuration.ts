import { z } from 'zod';
import {
  countryField,
  currencyField,
  isoDateField,
  isoDateTimeField,
  MAX_ID,
  requiredOrInvalid,
  requiredString,
} from './common';

/**
 * Admin configuration. Lists answer `{ count, results }`; writes need config.manage,
 * reads config.read.
 *
 *   GET/POST /api/v1/country/                 PATCH/DELETE /api/v1/country/{code}/
 *   GET/POST /api/v1/currency/                PATCH/DELETE /api/v1/currency/{code}/
 *   GET/POST /api/v1/eventCategory/           PATCH/DELETE /api/v1/eventCategory/{id}/
 *   GET/POST /api/v1/taxType/                 PATCH/DELETE /api/v1/taxType/{id}/   (rates inline)
 *   GET/POST /api/v1/termsAndConditions/      GET /api/v1/termsAndConditions/current/ (public)
 *   PATCH    /api/v1/rider/acceptTC/          {version} → the current user (riders only)
 *   GET/POST /api/v1/venueBankAccount/?venue= PATCH/DELETE /api/v1/venueBankAccount/{id}/
 * A DELETE of something still in use is 409 conflict.
 */

export const country = z.object({ code: z.string(), name: z.string() });
export const countryInput = z.object({
  code: countryField,
  name: requiredString(100),
});
export type Country = z.infer<typeof country>;

export const currency = z.object({ code: z.string(), name: z.string(), symbol: z.string() });
export const currencyInput = z.object({
  code: currencyField,
  name: requiredString(100),
  symbol: z.string({ error: 'invalid' }).trim().max(5, { error: 'too_long' }).default(''),
});
export type Currency = z.infer<typeof currency>;

export const DISCIPLINES = [
  'jumping',
  'dressage',
  'eventing',
  'driving',
  'endurance',
  'vaulting',
  'reining',
  'para_dressage',
  'other',
] as const;

export const eventCategory = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  discipline: z.enum(DISCIPLINES),
});
export const eventCategoryInput = z.object({
  code: requiredString(30),
  name: requiredString(100),
  discipline: z.enum(DISCIPLINES, { error: requiredOrInvalid }).default('jumping'),
});
export type EventCategory = z.infer<typeof eventCategory>;

const isoDay = isoDateField;
export const taxRate = z.object({
  id: z.number().int().optional(),
  rate_bp: z
    .number({ error: requiredOrInvalid })
    .int({ error: 'invalid' })
    .min(0, { error: 'too_small' })
    .max(10_000, { error: 'too_big' }),
  valid_from: isoDay,
  valid_to: isoDay.nullish(),
});
/**
 * The EN 16931 VAT category a tax type bills with (UNTDID 5305), stated, never inferred from a
 * rate of 0: S standard or reduced rate (a rate above 0), Z zero rate, E exempt, AE reverse
 * charge, K intra-community supply, G export outside the EU (all at 0).
 */
export const TAX_TYPE_CATEGORIES = ['S', 'Z', 'E', 'AE', 'K', 'G', 'O'] as const;
export type TaxTypeCategory = (typeof TAX_TYPE_CATEGORIES)[number];
/** Categories without VAT that must name their legal ground on the invoice (BR-E-10, BR-AE-10, BR-IC-10, BR-G-10). */
export const CATEGORIES_WITH_LEGAL_TEXT: readonly TaxTypeCategory[] = ['E', 'AE', 'K', 'G', 'O'];

export const taxType = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  category: z.enum(TAX_TYPE_CATEGORIES),
  /** The legal text printed for a category without VAT (BT-120), and its VATEX code (BT-121). */
  exemption_reason: z.string().nullable(),
  exemption_code: z.string().nullable(),
  rates: z.array(taxRate.required({ id: true })),
  /** The rate valid today, if any. */
  current_rate_bp: z.number().int().nullable(),
});
const optionalText = (max: number) =>
  z
    .string({ error: 'invalid' })
    .trim()
    .max(max, { error: 'too_long' })
    .nullish()
    .transform((value) => value || null);
export const taxTypeInput = z.object({
  code: requiredString(30),
  name: requiredString(100),
  category: z.enum(TAX_TYPE_CATEGORIES, { error: 'invalid' }).default('S'),
  exemption_reason: optionalText(500),
  /** e.g. VATEX-EU-132-1I (the CEF VATEX code list). */
  exemption_code: optionalText(30).refine((code) => code === null || /^VATEX-[A-Z0-9-]+$/i.test(code), {
    error: 'invalid',
  }),
  /** Validity periods must not overlap; an open end is allowed on the last one only. */
  rates: z.array(taxRate.omit({ id: true })).min(1, { error: 'required' }),
});
export type TaxType = z.infer<typeof taxType>;
export type TaxTypeInput = z.input<typeof taxTypeInput>;

export const termsVersion = z.object({
  id: z.number().int(),
  version: z.string(),
  published_at: z.string(),
  body: z.string(),
  current: z.boolean(),
});
export const termsInput = z.object({
  version: requiredString(30),
  /** ISO date-time; default now. A future date publishes later. */
  published_at: isoDateTimeField.optional(),
  body: z.string({ error: 'invalid' }).max(200_000, { error: 'too_long' }).default(''),
});
export const acceptTermsInput = z.object({ version: requiredString(30) });
export type TermsVersion = z.infer<typeof termsVersion>;

export const venueBankAccount = z.object({
  id: z.number().int(),
  venue: z.number().int(),
  holder_name: z.string(),
  iban: z.string(),
  bic: z.string().nullable(),
  bank_name: z.string().nullable(),
  currency: z.string(),
  is_default: z.boolean(),
});
export const venueBankAccountInput = z.object({
  venue: z.number({ error: requiredOrInvalid }).int().positive({ error: 'invalid' }).max(MAX_ID, { error: 'invalid' }),
  holder_name: requiredString(140),
  /** ISO 13616, mod-97 checked on the server (`invalid_iban`); spaces are removed. */
  iban: requiredString(42),
  bic: z.string({ error: 'invalid' }).trim().max(11, { error: 'too_long' }).nullish(),
  bank_name: z.string({ error: 'invalid' }).trim().max(140, { error: 'too_long' }).nullish(),
  currency: currencyField,
  is_default: z.boolean({ error: 'invalid' }).default(false),
});
export type VenueBankAccount = z.infer<typeof venueBankAccount>;
