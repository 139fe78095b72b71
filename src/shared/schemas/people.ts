import { z } from 'zod';
import { TAX_OVERRIDES } from '../ledger';
import { emailField, isoDateField, MAX_ID, requiredOrInvalid, requiredString } from './common';
import { isCountryCode } from './iso-codes';
import { listQuery } from './pagination';
import { horse, horseInput, personSummary } from './participation';
import { feiPersonIdField, OWNER_TYPES } from './owner';
import { leitwegIdField } from './venue-issuer';

/**
 * Profiles, the rider's horses and grooms, employment, the merchant's fees and horse duplicates
 *. Owner access as in ./owner.ts (owner's user, admin, a rider's active employer).
 *
 * Profiles
 *   GET/PATCH /api/v1/{kind}/{id}/        → riderProfile | employerProfile | officialProfile |
 *                                            simpleUserProfile | merchantProfile (PATCH: the kind's input)
 *   POST /api/v1/{kind}/                  (admin) the kind's input → 201 profile (no login yet)
 *   POST /api/v1/employer/register/       employerRegistration → 201 employerProfile; the signed-in
 *                                          user gains the employer role
 * Rider
 *   GET  /api/v1/rider/{id}/horses/        → { results: riderHorse[] }
 *   POST /api/v1/rider/{id}/horses/        horseAction → { results: riderHorse[] } (assign an existing
 *                                          horse by id, create-and-assign with `horse`, or remove)
 *   GET  /api/v1/rider/{id}/horses/{horseId}/  → riderHorse
 *   PATCH /api/v1/rider/horseMeta/         horseMetaInput → riderHorse
 *   POST /api/v1/rider/copyHorseOwnerData/ {source, target} (rider-horse link ids) → riderHorse (target)
 *   GET  /api/v1/rider/{id}/grooms/        → { results: groom[] }
 *   POST /api/v1/rider/{id}/grooms/        groomAction → { results: groom[] }
 *   GET/PATCH /api/v1/groom/{id}/          (PATCH groomInput) → groom
 *   POST /api/v1/rider/getByEmail/ {email} | getByFEIId/ {feiId} | getByNationalID/ {nationalID}
 *                                          → personFound, 404 when none (admin, show office): exact match
 *   POST /api/v1/rider/checkRiderExists/ {registration_id, email} → { exists, rider: personFound | null }
 *   GET  /api/v1/rider/employmentStatus/?rider=   → employmentStatus
 *   GET  /api/v1/rider/employmentHistory/?rider=  → { results: employment[] }
 *   POST /api/v1/rider/confirmEmployment/ {employmentId} | cancelEmployment/ {employmentId} → employment
 *   GET  /api/v1/rider/{id}/venueParticipations/  → { results: riderVenueParticipation[] } (with external costs)
 * Employer
 *   GET  /api/v1/employer/{id}/employees/  → { count, results: employment[] }
 *   POST /api/v1/employer/addEmployee/ {employer, rider} → 201 employment (pending)
 *   POST /api/v1/employer/endEmployment/ {employmentId, date_to} → employment (ended); again → 409
 *   POST /api/v1/employer/findRider/ personLookup without kind → personFound, 404 when none (the
 *                                          employer finding a new employee: exact match, rate-limited)
 * Someone new to a venue (admin, show office)
 *   POST /api/v1/people/lookup/ {kind, by, value} → personFound, 404 when none: exact e-mail
 *                                          (any case), FEI id or national id; name and id only
 * Merchant
 *   GET  /api/v1/merchant/{id}/evclFees/?venue=  → evclFees (the fee plan and the fees charged)
 *   GET  /api/v1/merchant/riders/?venue=&search=  → { count, results: personAtVenue[] } (merchant: whom to charge;
 *                                          name or head number; QR codes resolve through GET /api/v1/merchant/qr/{code}/)
 *   GET  /api/v1/merchant/qr/{code}/?venue=      → personAtVenue (the rider of a rider's or groom's code)
 *   Sales: POST /api/v1/transaction/ kind `sale` (ledger); list: GET /api/v1/transaction/?merchant={id}
 * Horses (admin, show office, riders; the stable its venue's, an employer its employees': horse.search)
 *   GET  /api/v1/horse/?search=            → { count, results: horse[] }
 *   GET  /api/v1/horse/duplicates/         → { results: duplicateGroup[] }
 *   GET/PATCH /api/v1/horse/{id}/          (PATCH horseInput) → horse
 *   POST /api/v1/horse/{id}/merge/ {into}  → horse (kept): every link of {id} moves to {into}, {id} is deleted
 */

const optionalText = (max: number) => z.string({ error: 'invalid' }).trim().max(max, { error: 'too_long' }).nullish();
const idInput = z
  .number({ error: requiredOrInvalid })
  .int({ error: 'invalid' })
  .positive({ error: 'invalid' })
  .max(MAX_ID, { error: 'invalid' });

const contact = {
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  postal_code: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
};
const contactInput = {
  email: emailField.nullish().or(z.literal('').transform(() => null)),
  phone: optionalText(40),
  address: optionalText(200),
  postal_code: optionalText(20),
  city: optionalText(100),
  /** ISO 3166-1 alpha-2; '' clears it. */
  country: z
    .string({ error: 'invalid' })
    .trim()
    .toUpperCase()
    .refine((code) => code === '' || isCountryCode(code), { error: 'invalid_country' })
    .transform((code) => code || null)
    .nullish(),
};
const names = { first_name: z.string(), last_name: z.string() };
const namesInput = { first_name: requiredString(100), last_name: requiredString(100) };
const base = { id: z.number().int(), user: z.number().int().nullable(), ...names, ...contact };
const isoDate = isoDateField;
const nullable = <T extends z.ZodType>(field: T) => field.nullish().or(z.literal('').transform(() => null));

export const EMPLOYMENT_STATUSES = ['NOT_REGISTERED', 'INDEPENDENT', 'EMPLOYED'] as const;
export const OFFICIAL_FUNCTIONS = [
  'judge',
  'steward',
  'technical_delegate',
  'veterinarian',
  'course_designer',
  'announcer',
] as const;

export const riderProfile = z.object({
  ...base,
  fei_id: z.string().nullable(),
  national_id: z.string().nullable(),
  registration_id: z.string().nullable(),
  nationality: z.string().nullable(),
  birth_date: z.string().nullable(),
  employment_status: z.enum(EMPLOYMENT_STATUSES),
  tax_override: z.enum(TAX_OVERRIDES),
  bookkeeping_ref_id: z.number().int().nullable(),
  /** The rider's user accepted the current terms. */
  terms_accepted: z.boolean(),
});
export type RiderProfile = z.infer<typeof riderProfile>;
export const riderProfileInput = z.object({
  ...namesInput,
  ...contactInput,
  fei_id: nullable(feiPersonIdField),
  national_id: optionalText(30),
  registration_id: optionalText(30),
  nationality: contactInput.country,
  birth_date: nullable(isoDate),
  /** Admin only (a rider's own change is refused with `not_allowed`). */
  tax_override: z.enum(TAX_OVERRIDES, { error: 'invalid' }).optional(),
  bookkeeping_ref_id: z.number({ error: 'invalid' }).int().positive().max(MAX_ID, { error: 'invalid' }).nullish(),
});

export const employerProfile = z.object({
  ...base,
  company_name: z.string(),
  vat_id: z.string().nullable(),
  /** A German public buyer's Leitweg-ID: its invoices' buyer reference (XRechnung BT-10, BR-DE-15). */
  leitweg_id: z.string().nullable(),
  bookkeeping_ref_id: z.number().int().nullable(),
});
export const employerProfileInput = z.object({
  company_name: requiredString(140),
  vat_id: optionalText(30),
  leitweg_id: leitwegIdField,
  ...namesInput,
  ...contactInput,
  bookkeeping_ref_id: z.number({ error: 'invalid' }).int().positive().max(MAX_ID, { error: 'invalid' }).nullish(),
});
export const employerRegistration = employerProfileInput.omit({ bookkeeping_ref_id: true });

export const officialProfile = z.object({
  ...base,
  fei_id: z.string().nullable(),
  nationality: z.string().nullable(),
  functions: z.array(z.string()),
});
export const officialProfileInput = z.object({
  ...namesInput,
  ...contactInput,
  fei_id: nullable(feiPersonIdField),
  nationality: contactInput.country,
  functions: z
    .array(z.enum(OFFICIAL_FUNCTIONS, { error: 'invalid' }))
    .max(10)
    .default([]),
});

export const simpleUserProfile = z.object(base);
export const simpleUserProfileInput = z.object({ ...namesInput, ...contactInput });

export const merchantProfile = z.object({
  ...base,
  company_name: z.string(),
  vat_id: z.string().nullable(),
  fee_percent_bp: z.number().int(),
  fee_fixed_minor: z.number().int(),
});
export const merchantProfileInput = z.object({
  company_name: requiredString(140),
  vat_id: optionalText(30),
  ...namesInput,
  ...contactInput,
  /** Admin only. Basis points: 250 = 2.50 %. */
  fee_percent_bp: z.number({ error: 'invalid' }).int().min(0, { error: 'too_small' }).max(10000).optional(),
  /** At most 1,000,000.00 a sale (the column is a PostgreSQL integer). */
  fee_fixed_minor: z
    .number({ error: 'invalid' })
    .int()
    .min(0, { error: 'too_small' })
    .max(100_000_000, { error: 'too_big' })
    .optional(),
});

export const PROFILE_SCHEMAS = {
  rider: { wire: riderProfile, input: riderProfileInput },
  employer: { wire: employerProfile, input: employerProfileInput },
  official: { wire: officialProfile, input: officialProfileInput },
  simpleuser: { wire: simpleUserProfile, input: simpleUserProfileInput },
  merchant: { wire: merchantProfile, input: merchantProfileInput },
} as const satisfies Record<(typeof OWNER_TYPES)[number], { wire: z.ZodType; input: z.ZodType }>;

export const horseOwnerData = z.object({
  owner_name: z.string(),
  owner_address: z.string(),
  owner_vat_id: z.string(),
  owner_email: z.string(),
  meta: z.record(z.string(), z.string()),
});
export const riderHorse = horse.extend({
  /** The rider-horse link (the `:horseOwnerId` of view/:id/:horseOwnerId). */
  link: z.number().int(),
  rider: z.number().int(),
  owner: horseOwnerData,
});
export type RiderHorse = z.infer<typeof riderHorse>;
export const horseAction = z.union([
  z.object({ id: idInput, action: z.enum(['add', 'remove'], { error: requiredOrInvalid }) }),
  z.object({ action: z.literal('add'), horse: horseInput }),
]);
export const horseMetaInput = z.object({
  rider: idInput,
  horse: idInput,
  others: z.object({
    owner_name: optionalText(140),
    owner_address: optionalText(300),
    owner_vat_id: optionalText(30),
    owner_email: emailField.nullish().or(z.literal('').transform(() => null)),
    meta: z.record(z.string().max(60), z.string().max(500)).optional(),
  }),
});
export const copyHorseOwnerDataInput = z.object({ source: idInput, target: idInput });

export const groom = z.object({
  id: z.number().int(),
  rider: z.number().int(),
  user: z.number().int().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type Groom = z.infer<typeof groom>;
export const groomInput = z.object({
  first_name: requiredString(100),
  last_name: z.string({ error: 'invalid' }).trim().max(100, { error: 'too_long' }).default(''),
  email: emailField.nullish().or(z.literal('').transform(() => null)),
  phone: optionalText(40),
});
export const groomAction = z.union([
  z.object({ id: idInput, action: z.literal('remove') }),
  z.object({ action: z.literal('add'), groom: groomInput }),
]);

export const lookupByEmail = z.object({ email: emailField });
export const lookupByFeiId = z.object({ feiId: feiPersonIdField });
export const lookupByNationalId = z.object({ nationalID: requiredString(30) });
export const checkRiderExistsInput = z.object({ registration_id: optionalText(30), email: emailField.nullish() });

/**
 * Finding someone by an exact e-mail, FEI id or national id answers who it is (name and id, to
 * enrol or employ them), never how to reach them: no e-mail, no other contact details.
 */
/** Who the show office may look up to enrol or register: riders, officials, merchants (by e-mail). */
export const LOOKUP_KINDS = ['rider', 'official', 'merchant'] as const;
export const LOOKUP_BY = ['email', 'fei_id', 'national_id'] as const;
export type LookupBy = (typeof LOOKUP_BY)[number];
export const personFound = z.object({ id: z.number().int(), type: z.enum(LOOKUP_KINDS), name: z.string() });
export type PersonFound = z.infer<typeof personFound>;
export const employeeLookup = z.object({
  by: z.enum(LOOKUP_BY, { error: 'invalid' }),
  value: requiredString(254),
});
export const personLookup = employeeLookup.extend({ kind: z.enum(LOOKUP_KINDS, { error: 'invalid' }) });

export const checkRiderExistsResponse = z.object({ exists: z.boolean(), rider: personFound.nullable() });

export const EMPLOYMENT_STATES = ['pending', 'confirmed', 'cancelled', 'ended'] as const;
export const employment = z.object({
  employmentId: z.number().int(),
  employer: z.object({ id: z.number().int(), name: z.string() }),
  rider: personSummary,
  status: z.enum(EMPLOYMENT_STATES),
  date_from: z.string().nullable(),
  date_to: z.string().nullable(),
  created_at: z.string(),
});
export type Employment = z.infer<typeof employment>;
export const employmentStatus = z.object({
  status: z.enum(EMPLOYMENT_STATUSES),
  /** The pending or active employment, if any. */
  employment: employment.nullable(),
});
export const riderQuery = z.object({
  rider: z.coerce.number({ error: 'invalid' }).int().positive().max(MAX_ID, { error: 'invalid' }).optional(),
});
export const employmentIdInput = z.object({ employmentId: idInput });
export const addEmployeeInput = z.object({ employer: idInput, rider: idInput, date_from: nullable(isoDate) });
export const endEmploymentInput = z.object({ employmentId: idInput, date_to: isoDate });

export const riderVenueParticipation = z.object({
  id: z.number().int(),
  venue: z.number().int(),
  venue_name: z.string(),
  currency: z.string(),
  payer: z.object({ type: z.enum(OWNER_TYPES), id: z.number().int(), name: z.string() }),
  horses: z.array(z.object({ id: z.number().int(), name: z.string(), head_number: z.number().int().nullable() })),
  events: z.array(z.object({ id: z.number().int(), name: z.string(), horse: z.string().nullable() })),
  /** Entries posted from outside the show office (source `import`) and their sum. */
  external_costs_minor: z.number().int(),
  balance_minor: z.number().int(),
});

export const evclFeesQuery = listQuery.extend({
  venue: z.coerce.number().int().positive().max(MAX_ID, { error: 'invalid' }).optional(),
});
export const evclFees = z.object({
  plan: z.object({ fee_percent_bp: z.number().int(), fee_fixed_minor: z.number().int() }),
  count: z.number().int(),
  results: z.array(
    z.object({
      transaction: z.number().int(),
      venue: z.number().int(),
      venue_name: z.string(),
      currency: z.string(),
      recorded_at: z.string(),
      description: z.string(),
      gross_minor: z.number().int(),
      fee_minor: z.number().int(),
    }),
  ),
  totals: z.array(z.object({ currency: z.string(), gross_minor: z.number().int(), fee_minor: z.number().int() })),
});
export type EvclFees = z.infer<typeof evclFees>;

export const duplicateGroup = z.object({
  /** What they share: the normalised name (and FEI id when both have one). */
  key: z.string(),
  horses: z.array(horse.extend({ riders: z.number().int(), participations: z.number().int() })),
});
export const mergeHorseInput = z.object({ into: idInput });
