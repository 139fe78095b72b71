import { z } from 'zod';
import { atLeastOneField, isoDateField, MAX_ID, requiredOrInvalid, requiredString } from './common';
import { feiHorseIdField } from './owner';

/**
 * Participations. Venue staff (admin, organizer of that venue) write.
 *
 *   GET/POST /api/v1/venueParticipation/?venue=&search=   GET/PATCH/DELETE /api/v1/venueParticipation/{id}/
 *   POST /api/v1/venue/{id}/assignHeadNumbers/  headNumbersInput → { count, results: venueParticipation[] }
 *   POST /api/v1/venue/{id}/deleteHeadNumbers/  headNumbersDeleteInput → same
 *   GET/POST /api/v1/vecParticipation/?venue=&vec=        DELETE /api/v1/vecParticipation/{id}/
 *   GET/POST /api/v1/officialParticipation/?venue=        PATCH/DELETE /api/v1/officialParticipation/{id}/
 *   GET/POST /api/v1/venue/{id}/merchants/ {merchant}     DELETE /api/v1/venue/{id}/merchants/{merchantId}/
 *        (the merchants registered at the show: only they sell there)
 *   POST /api/v1/venue/whereRiderParticipated/ {rider}     → { results: participationVenue[] }
 *   POST /api/v1/venue/whereOfficialParticipated/ {official} → { results: participationVenue[] }
 *   GET  /api/v1/rider/listAtVenue/?venue=       → { count, results: personAtVenue[] }
 *   GET  /api/v1/official/listAtVenue/?venue=    → same
 *   GET  /api/v1/simpleuser/listAtVenue/?venue=  → same (simple users with entries at the venue)
 *   GET  /api/v1/rider/?search=  /api/v1/official/?search=  /api/v1/employer/?search=
 *        /api/v1/merchant/?search=  /api/v1/simpleuser/?search=   → { count, results: personSummary[] } (staff)
 *   GET/POST /api/v1/horse/?search=              (staff) horse list and create
 *   GET  /api/v1/rider/getNextBookkeepingRefId/  → { next: number }
 *   POST /api/v1/headNumber/  headNumberInput | headNumberInput[] → 201 headNumber | headNumber[]
 *        (a horse's head number at its venue; an array is all or none, see schemas/bulk.ts)
 */

const idInput = z
  .number({ error: requiredOrInvalid })
  .int({ error: 'invalid' })
  .positive({ error: 'invalid' })
  .max(MAX_ID, { error: 'invalid' });

export const personSummary = z.object({
  id: z.number().int(),
  user: z.number().int().nullable(),
  name: z.string(),
  email: z.string().nullable(),
  fei_id: z.string().nullable(),
});
export type PersonSummary = z.infer<typeof personSummary>;

export const horse = z.object({
  id: z.number().int(),
  name: z.string(),
  fei_id: z.string().nullable(),
  national_id: z.string().nullable(),
  birth_year: z.number().int().nullable(),
  sex: z.string().nullable(),
  colour: z.string().nullable(),
  breed: z.string().nullable(),
});
export const horseInput = z.object({
  name: requiredString(100),
  fei_id: feiHorseIdField.nullish(),
  national_id: z.string({ error: 'invalid' }).trim().max(30, { error: 'too_long' }).nullish(),
  birth_year: z.number({ error: 'invalid' }).int().min(1980, { error: 'too_small' }).max(2100).nullish(),
  sex: z.enum(['mare', 'gelding', 'stallion'], { error: 'invalid' }).nullish(),
  colour: z.string({ error: 'invalid' }).trim().max(40, { error: 'too_long' }).nullish(),
  breed: z.string({ error: 'invalid' }).trim().max(60, { error: 'too_long' }).nullish(),
});
export type Horse = z.infer<typeof horse>;

export const participationHorse = z.object({
  id: z.number().int(),
  horse: horse.pick({ id: true, name: true, fei_id: true }),
  head_number: z.number().int().nullable(),
});

export const venueParticipation = z.object({
  id: z.number().int(),
  venue: z.number().int(),
  rider: personSummary,
  /** Resolved on enrolment: an EMPLOYED rider's costs go to the employer. */
  payer: z.object({ type: z.enum(['rider', 'employer']), id: z.number().int(), name: z.string() }),
  horses: z.array(participationHorse),
  events: z.array(
    z.object({ id: z.number().int(), vec: z.number().int(), name: z.string(), horse: z.number().int().nullable() }),
  ),
  arrived_at: z.string().nullable(),
  signed_in_at: z.string().nullable(),
  balance: z.number().int(),
});
export type VenueParticipation = z.infer<typeof venueParticipation>;

export const venueParticipationInput = z.object({
  venue: idInput,
  rider: idInput,
  horses: z.array(idInput).max(50, { error: 'too_big' }).default([]),
  /** Events (VEC ids) to enter the rider in, with every horse. */
  events: z.array(idInput).max(20, { error: 'too_big' }).default([]),
});
export const venueParticipationEdit = atLeastOneField(
  z.object({ horses: z.array(idInput).max(50, { error: 'too_big' }).optional() }),
);

export const headNumbersInput = z.object({
  /** Only these participations (default: every participation of the venue). */
  participations: z.array(idInput).optional(),
  /** Explicit numbers; without them the next free numbers of the venue's range are given. */
  assignments: z
    .array(
      z.object({
        participation_horse: idInput,
        head_number: z
          .number({ error: requiredOrInvalid })
          .int()
          .positive({ error: 'invalid' })
          .max(MAX_ID, { error: 'invalid' }),
      }),
    )
    .optional(),
});
/** One horse's head number (the generic resource behind pasted head numbers). */
export const headNumberInput = z.object({
  participation_horse: idInput,
  head_number: z
    .number({ error: requiredOrInvalid })
    .int({ error: 'invalid' })
    .positive({ error: 'invalid' })
    .max(MAX_ID, { error: 'invalid' }),
});
export type HeadNumberInput = z.infer<typeof headNumberInput>;
export const headNumber = z.object({
  participation_horse: z.number().int(),
  venue: z.number().int(),
  venue_participation: z.number().int(),
  horse: horse.pick({ id: true, name: true, fei_id: true }),
  head_number: z.number().int().nullable(),
});
export type HeadNumber = z.infer<typeof headNumber>;
export const headNumbersDeleteInput = z.object({
  /** Only these participations (default: every head number of the venue). */
  participations: z.array(idInput).optional(),
});

export const vecParticipation = z.object({
  id: z.number().int(),
  vec: z.number().int(),
  venue_participation: z.number().int(),
  rider: personSummary,
  horse: horse.pick({ id: true, name: true }).nullable(),
  entry_fee: z.number().int(),
});
export const vecParticipationInput = z.object({
  vec: idInput,
  venue_participation: idInput,
  horse: idInput.nullish(),
  /** Default: the event's default entry fee. */
  entry_fee: z.number({ error: 'invalid' }).int().min(0, { error: 'too_small' }).max(10_000_000_000).optional(),
});

export const OFFICIAL_FUNCTIONS = [
  'judge',
  'steward',
  'technical_delegate',
  'veterinarian',
  'course_designer',
  'president_of_jury',
  'other',
] as const;
export const officialParticipation = z.object({
  id: z.number().int(),
  venue: z.number().int(),
  official: personSummary,
  function: z.enum(OFFICIAL_FUNCTIONS),
  date_from: z.string().nullable(),
  date_to: z.string().nullable(),
  days: z.number().int(),
  day_rate: z.number().int(),
  travel: z.number().int(),
  per_diem: z.number().int(),
  withholding_bp: z.number().int(),
  balance: z.number().int(),
});
export const officialParticipationInput = z.object({
  venue: idInput,
  official: idInput,
  function: z.enum(OFFICIAL_FUNCTIONS, { error: requiredOrInvalid }),
  date_from: isoDateField.nullish(),
  date_to: isoDateField.nullish(),
  days: z.number({ error: 'invalid' }).int().min(0, { error: 'too_small' }).max(366, { error: 'too_big' }).default(1),
  day_rate: z.number({ error: 'invalid' }).int().min(0, { error: 'too_small' }).max(100_000_000).default(0),
  travel: z.number({ error: 'invalid' }).int().min(0, { error: 'too_small' }).max(100_000_000).default(0),
  per_diem: z.number({ error: 'invalid' }).int().min(0, { error: 'too_small' }).max(100_000_000).default(0),
  withholding_bp: z.number({ error: 'invalid' }).int().min(0).max(10_000, { error: 'too_big' }).default(0),
});
export type OfficialParticipation = z.infer<typeof officialParticipation>;

export const participationVenue = z.object({
  venue: z.number().int(),
  venue_name: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  participation: z.number().int(),
});
export const whereRiderInput = z.object({ rider: idInput });
export const whereOfficialInput = z.object({ official: idInput });

export const personAtVenue = personSummary.extend({
  balance: z.number().int(),
  participation: z.number().int().nullable(),
});
export type PersonAtVenue = z.infer<typeof personAtVenue>;

/**
 * A merchant registered at a show by its office: only a registered merchant sells there, and
 * only there is it paid out its takings.
 */
export const merchantAtVenue = personSummary.extend({ registered_at: z.string() });
export type MerchantAtVenue = z.infer<typeof merchantAtVenue>;
export const merchantAtVenueInput = z.object({ merchant: idInput });
export const merchantsAtVenue = z.object({ results: z.array(merchantAtVenue) });
export type MerchantsAtVenue = z.infer<typeof merchantsAtVenue>;
