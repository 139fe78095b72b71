import { z } from 'zod';
import { LANGUAGES } from '../constants';
import { CHARGE_CATEGORIES } from '../ledger';
import { ROLES } from '../roles';
import {
  countryField,
  currencyField,
  isoDateField,
  isoDateTimeField,
  MAX_ID,
  requiredOrInvalid,
  requiredString,
  timeZoneField,
} from './common';
import { DEFAULT_KNOCK_DOWN_SECONDS, KNOCK_DOWN_SECONDS, RANKING_RULES } from '../sport/ranking';
import { DISCIPLINES } from './configuration';
import { entryLimitField } from './ledger';
import { listQuery } from './pagination';
import { venueIssuerDetail, venueIssuerInput } from './venue-issuer';

/**
 * A venue's setup. Admins create venues; admins and the venue's own organizer write its set-up;
 * the venue's show office reads.
 *
 *   GET  /api/v1/venue/?search=&page=        (admin) paginated venueDetail
 *   POST /api/v1/venue/                       venueInput → 201 venueDetail          (admin)
 *   GET  /api/v1/venue/{id}/                  venueDetail (admin or the venue's staff)
 *   PATCH /api/v1/venue/{id}/                 venueInput.partial() → venueDetail   (admin, its organizer)
 *   POST /api/v1/venue/{id}/whitelabel_logo/  multipart field `file` (png, jpeg, svg, webp ≤ 512 kB) → venueDetail
 *   GET  /media/venue-logo/{fileId}-{sha}.{ext}  the stored logo (public, immutable)
 *   GET/POST /api/v1/venueEventCategory/?venue=   PATCH/DELETE /api/v1/venueEventCategory/{id}/
 *   GET  /api/v1/venueEventCategory/{id}/taxConfiguration/  → taxConfiguration
 *   PATCH /api/v1/venueEventCategory/{id}/taxConfiguration/ taxConfigurationInput → taxConfiguration
 *   GET/POST /api/v1/competition/?venue=&vec=     GET/PATCH/DELETE /api/v1/competition/{id}/
 *   GET/POST /api/v1/consumable/?venue=&active=   PATCH/DELETE /api/v1/consumable/{id}/ (used: deactivated)
 *   GET  /api/v1/venue/{id}/users/            → { count, results: venueUser[] }
 *   POST /api/v1/venue/{id}/users/            venueUserInput → venueUser (assigns the venue, adds roles)
 *   DELETE /api/v1/venue/{id}/users/{userId}/ unassigns (removes the venue-bound roles)
 *   GET/POST /api/v1/emailTemplate/?venue=        PATCH/DELETE /api/v1/emailTemplate/{id}/
 *   POST /api/v1/emailTemplate/{id}/send/     {venue} → {detail}: a test to the signed-in user
 */

const money = z.number().int();
const moneyInput = z
  .number({ error: requiredOrInvalid })
  .int({ error: 'invalid' })
  .min(0, { error: 'too_small' })
  .max(10_000_000_000, { error: 'too_big' });
const idInput = z
  .number({ error: requiredOrInvalid })
  .int({ error: 'invalid' })
  .positive({ error: 'invalid' })
  .max(MAX_ID, { error: 'invalid' });
const isoDay = isoDateField;

export const venueDetail = z.object({
  id: z.number().int(),
  name: z.string(),
  fei_id: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  currency: z.string(),
  currencyDisplay: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  time_zone: z.string(),
  whitelabel_domain: z.string().nullable(),
  whitelabel_logo_url: z.string().nullable(),
  head_number_from: z.number().int().nullable(),
  head_number_to: z.number().int().nullable(),
  self_checkout: z.boolean(),
  prices_include_tax: z.boolean(),
  /** The largest single entry the venue accepts (minor units). */
  max_entry_minor: z.number().int(),
  /** Invoicing: the seller the venue's invoices name. */
  ...venueIssuerDetail,
});
export type VenueDetail = z.infer<typeof venueDetail>;

export const venueInput = z.object({
  name: requiredString(200),
  /** e.g. 2026_CI_0139 */
  fei_id: z
    .string({ error: 'invalid' })
    .trim()
    .max(40, { error: 'too_long' })
    .nullish()
    .transform((v) => v || null),
  city: z.string({ error: 'invalid' }).trim().max(100, { error: 'too_long' }).nullish(),
  /** Required: where the show is held decides its VAT, and invoices name the seller's country (BT-40). */
  country: countryField,
  currency: currencyField,
  /** How amounts are labelled on screens and documents: the code (EUR) or a symbol (€). */
  currencyDisplay: z.string({ error: 'invalid' }).trim().min(1, { error: 'required' }).max(5, { error: 'too_long' }),
  start_date: isoDay.nullish(),
  end_date: isoDay.nullish(),
  /** An IANA zone: it feeds `AT TIME ZONE` for every charge and the public attendance page. */
  time_zone: timeZoneField.default('Europe/Berlin'),
  /** Host name without scheme or port, e.g. show.example.com */
  whitelabel_domain: z
    .string({ error: 'invalid' })
    .trim()
    .toLowerCase()
    .max(253, { error: 'too_long' })
    .regex(/^([a-z0-9-]+\.)+[a-z0-9-]+$/, { error: 'invalid' })
    .nullish()
    .or(z.literal('').transform(() => null)),
  head_number_from: z.number({ error: 'invalid' }).int().min(1, { error: 'too_small' }).max(99_999).nullish(),
  head_number_to: z.number({ error: 'invalid' }).int().min(1, { error: 'too_small' }).max(99_999).nullish(),
  self_checkout: z.boolean({ error: 'invalid' }).default(false),
  prices_include_tax: z.boolean({ error: 'invalid' }).default(true),
  /** Default (column): DEFAULT_ENTRY_LIMIT_MINOR. */
  max_entry_minor: entryLimitField.optional(),
  ...venueIssuerInput,
});
export type VenueInput = z.input<typeof venueInput>;
export const venueListQuery = listQuery.extend({ search: z.string().trim().max(100).optional() });

export const vec = z.object({
  id: z.number().int(),
  venue: z.number().int(),
  event_category: z.number().int(),
  event_category_code: z.string(),
  name: z.string(),
  default_entry_fee: money,
});
export const vecInput = z.object({
  venue: idInput,
  event_category: idInput,
  name: requiredString(200),
  default_entry_fee: moneyInput.default(0),
});
export type Vec = z.infer<typeof vec>;

export const taxConfigurationEntry = z.object({
  category: z.enum(CHARGE_CATEGORIES, { error: requiredOrInvalid }),
  tax_type: idInput.nullable(),
  applies_by_default: z.boolean({ error: 'invalid' }).default(true),
});
export const taxConfiguration = z.object({
  vec: z.number().int(),
  /** One entry per CHARGE_CATEGORIES item, missing ones filled with tax_type null. */
  entries: z.array(
    taxConfigurationEntry.extend({ tax_type_name: z.string().nullable(), rate_bp: z.number().int().nullable() }),
  ),
});
export const taxConfigurationInput = z.object({ entries: z.array(taxConfigurationEntry) });
export type TaxConfiguration = z.infer<typeof taxConfiguration>;

export const competition = z.object({
  id: z.number().int(),
  venue: z.number().int(),
  vec: z.number().int(),
  number: z.string(),
  name: z.string(),
  starts_at: z.string().nullable(),
  discipline: z.enum(DISCIPLINES),
  rule: z.string().nullable(),
  height_cm: z.number().int().nullable(),
  entry_fee: money,
  prize_money: money,
  prize_distribution_bp: z.array(z.number().int()),
  /** The sport. */
  arena: z.string().nullable(),
  ranking_rule: z.enum(RANKING_RULES),
  /** Table C: seconds added per knock-down (FEI Jumping Rules Art. 239: 4, or 3 where the schedule says so). */
  knock_down_seconds: z.union(KNOCK_DOWN_SECONDS.map((n) => z.literal(n))),
  /** Prize money by rank as amounts; when empty, prize_money × prize_distribution_bp. */
  prize_chart: z.array(money),
  start_interval_seconds: z.number().int(),
  entry_deadline: z.string().nullable(),
  draw_seed: z.number().int().nullable(),
  drawn_at: z.string().nullable(),
  /** null: results held back (not public). */
  published_at: z.string().nullable(),
  fei_id: z.string().nullable(),
});
export const competitionInput = z.object({
  vec: idInput,
  number: requiredString(20),
  name: requiredString(200),
  starts_at: isoDateTimeField.nullish(),
  discipline: z.enum(DISCIPLINES, { error: 'invalid' }).default('jumping'),
  rule: z.string({ error: 'invalid' }).trim().max(200, { error: 'too_long' }).nullish(),
  height_cm: z
    .number({ error: 'invalid' })
    .int()
    .min(0, { error: 'too_small' })
    .max(300, { error: 'too_big' })
    .nullish(),
  entry_fee: moneyInput.default(0),
  prize_money: moneyInput.default(0),
  /** Sums to at most 10000 (100 %). */
  prize_distribution_bp: z.array(z.number().int().min(0).max(10_000)).max(100).default([]),
  arena: z.string({ error: 'invalid' }).trim().max(100, { error: 'too_long' }).nullish(),
  ranking_rule: z.enum(RANKING_RULES, { error: 'invalid' }).default('table_a'),
  knock_down_seconds: z
    .union(
      KNOCK_DOWN_SECONDS.map((n) => z.literal(n)),
      { error: 'invalid' },
    )
    .default(DEFAULT_KNOCK_DOWN_SECONDS),
  /** Amounts by rank; their sum may not exceed prize_money (prize_over_total). */
  prize_chart: z.array(moneyInput).max(200, { error: 'too_big' }).default([]),
  start_interval_seconds: z
    .number({ error: 'invalid' })
    .int({ error: 'invalid' })
    .min(0, { error: 'too_small' })
    .max(3600, { error: 'too_big' })
    .default(90),
  entry_deadline: isoDateTimeField.nullish(),
  fei_id: z.string({ error: 'invalid' }).trim().max(60, { error: 'too_long' }).nullish(),
});
export type Competition = z.infer<typeof competition>;

export const consumable = z.object({
  id: z.number().int(),
  venue: z.number().int(),
  name: z.string(),
  category: z.enum(CHARGE_CATEGORIES),
  unit: z.string(),
  unit_price: money,
  tax_type: z.number().int().nullable(),
  active: z.boolean(),
});
export const consumableInput = z.object({
  venue: idInput,
  name: requiredString(200),
  category: z.enum(CHARGE_CATEGORIES, { error: requiredOrInvalid }),
  unit: requiredString(30).default('piece'),
  unit_price: moneyInput,
  tax_type: idInput.nullish(),
  active: z.boolean({ error: 'invalid' }).default(true),
});
export type Consumable = z.infer<typeof consumable>;

/** Roles an admin may give with a venue: the show office and the floor staff. */
export const VENUE_STAFF_ROLES = ['organizer', 'showoffice', 'stable', 'welcomedesk', 'signin', 'vetcheck'] as const;
export const venueUser = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  roles: z.array(z.enum(ROLES)),
});
export const venueUserInput = z.object({
  user: idInput,
  roles: z.array(z.enum(VENUE_STAFF_ROLES, { error: 'invalid' })).min(1, { error: 'required' }),
});
export type VenueUser = z.infer<typeof venueUser>;

export const EMAIL_TEMPLATE_KINDS = ['onboarding', 'invoice', 'attendee', 'reminder', 'custom'] as const;
/** Placeholders a template may use; a text naming any other `{name}` is refused (`unknown_placeholder`). */
export const EMAIL_PLACEHOLDERS = [
  'first_name',
  'last_name',
  'venue_name',
  'venue_dates',
  'balance',
  'login_url',
] as const;

/** The `{name}` placeholders a text names that are not EMAIL_PLACEHOLDERS (each once). */
export function unknownPlaceholders(text: string): string[] {
  const known: readonly string[] = EMAIL_PLACEHOLDERS;
  const named = [...text.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)].map((m) => m[1]!);
  return [...new Set(named.filter((name) => !known.includes(name)))];
}
const knownPlaceholdersOnly = (text: string) => unknownPlaceholders(text).length === 0;
/** A template's subject and body: only known placeholders. */
export const emailSubjectField = requiredString(300).refine(knownPlaceholdersOnly, { error: 'unknown_placeholder' });
export const emailBodyField = z
  .string({ error: 'invalid' })
  .max(200_000, { error: 'too_long' })
  .refine(knownPlaceholdersOnly, { error: 'unknown_placeholder' });
export const emailTemplate = z.object({
  id: z.number().int(),
  venue: z.number().int(),
  kind: z.enum(EMAIL_TEMPLATE_KINDS),
  language: z.enum(LANGUAGES),
  name: z.string(),
  subject: z.string(),
  body_html: z.string(),
});
export const emailTemplateInput = z.object({
  venue: idInput,
  kind: z.enum(EMAIL_TEMPLATE_KINDS, { error: 'invalid' }).default('custom'),
  language: z.enum(LANGUAGES, { error: 'invalid' }).default('de'),
  name: requiredString(200),
  subject: emailSubjectField,
  body_html: emailBodyField.default(''),
});
export const emailTemplateSendInput = z.object({ venue: idInput });
export type EmailTemplate = z.infer<typeof emailTemplate>;
