import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, floorSeqColumn, timestamptz, updatedAt, money } from './columns';
import { employers, merchants, officials, registryColumns, riders } from './profiles';
import { venueEventCategories } from './show';
import { venues } from './venues';

export const horses = pgTable(
  'horses',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    /** FEI passport id, e.g. 105IG70 */
    feiId: text('fei_id'),
    /** National id / UELN */
    nationalId: text('national_id'),
    birthYear: integer('birth_year'),
    sex: text('sex'),
    colour: text('colour'),
    breed: text('breed'),
    /** From the FEI entry file: microchip, preferred bedding (Shavings/Straw), owner's name. */
    chipId: text('chip_id'),
    bedding: text('bedding'),
    ownerName: text('owner_name'),
    ...registryColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('horses_fei_id_key').on(t.feiId),
    // the registry sync's matching (migration 0012)
    index('horses_registry_id_idx').on(sql`(${t.registryData} ->> 'id')`),
    index('horses_national_id_idx').on(t.nationalId),
  ],
);

/**
 * Employment of a rider by an employer (DOMAIN.md): pending → confirmed | cancelled, confirmed →
 * ended (date_to). While confirmed and not ended, the rider's show costs go to the employer.
 */
export const EMPLOYMENT_STATES = ['pending', 'confirmed', 'cancelled', 'ended'] as const;
export const employments = pgTable(
  'employments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    employerId: integer('employer_id')
      .notNull()
      .references(() => employers.id, { onDelete: 'cascade' }),
    riderId: integer('rider_id')
      .notNull()
      .references(() => riders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: EMPLOYMENT_STATES }).notNull().default('pending'),
    dateFrom: date('date_from', { mode: 'string' }),
    dateTo: date('date_to', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('employments_rider_idx').on(t.riderId),
    index('employments_employer_idx').on(t.employerId),
    check('employments_status_check', sql`${t.status} IN ('pending', 'confirmed', 'cancelled', 'ended')`),
  ],
);

/** A rider at a venue; the payer is resolved when the rider is enrolled (DOMAIN.md "Payer"). */
export const venueParticipations = pgTable(
  'venue_participations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    riderId: integer('rider_id')
      .notNull()
      .references(() => riders.id, { onDelete: 'cascade' }),
    /** 'rider' or 'employer' */
    payerType: text('payer_type').notNull().default('rider'),
    payerId: integer('payer_id').notNull(),
    arrivedAt: timestamptz('arrived_at'),
    signedInAt: timestamptz('signed_in_at'),
    floorSeq: floorSeqColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('venue_participations_venue_seq_idx').on(t.venueId, t.floorSeq),
    uniqueIndex('venue_participations_venue_rider_key').on(t.venueId, t.riderId),
    index('venue_participations_rider_idx').on(t.riderId),
    check('venue_participations_payer_check', sql`${t.payerType} IN ('rider', 'employer')`),
  ],
);

/** A horse of a venue participation and its head number (unique within the venue). */
export const participationHorses = pgTable(
  'participation_horses',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    venueParticipationId: integer('venue_participation_id')
      .notNull()
      .references(() => venueParticipations.id, { onDelete: 'cascade' }),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    horseId: integer('horse_id')
      .notNull()
      .references(() => horses.id, { onDelete: 'restrict' }),
    headNumber: integer('head_number'),
    floorSeq: floorSeqColumn(),
  },
  (t) => [
    index('participation_horses_venue_seq_idx').on(t.venueId, t.floorSeq),
    uniqueIndex('participation_horses_horse_key').on(t.venueParticipationId, t.horseId),
    uniqueIndex('participation_horses_head_number_key')
      .on(t.venueId, t.headNumber)
      .where(sql`${t.headNumber} IS NOT NULL`),
    check('participation_horses_head_number_check', sql`${t.headNumber} IS NULL OR ${t.headNumber} > 0`),
  ],
);

/** A rider (and horse) entered in an event of the venue. */
export const vecParticipations = pgTable(
  'vec_participations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    vecId: integer('vec_id')
      .notNull()
      .references(() => venueEventCategories.id, { onDelete: 'cascade' }),
    venueParticipationId: integer('venue_participation_id')
      .notNull()
      .references(() => venueParticipations.id, { onDelete: 'cascade' }),
    horseId: integer('horse_id').references(() => horses.id, { onDelete: 'restrict' }),
    entryFeeMinor: money('entry_fee_minor'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('vec_participations_key').on(t.vecId, t.venueParticipationId, t.horseId).nullsNotDistinct(),
    index('vec_participations_participation_idx').on(t.venueParticipationId),
    check('vec_participations_fee_check', sql`${t.entryFeeMinor} >= 0`),
  ],
);

/** An official working at a venue: function, days and fee rates (for the compensation bill). */
export const officialParticipations = pgTable(
  'official_participations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    officialId: integer('official_id')
      .notNull()
      .references(() => officials.id, { onDelete: 'cascade' }),
    /** judge, steward, technical_delegate, veterinarian, course_designer, … */
    function: text('function').notNull(),
    dateFrom: date('date_from', { mode: 'string' }),
    dateTo: date('date_to', { mode: 'string' }),
    days: integer('days').notNull().default(1),
    dayRateMinor: money('day_rate_minor'),
    travelMinor: money('travel_minor'),
    perDiemMinor: money('per_diem_minor'),
    /** Withholding tax in basis points, deducted on the compensation bill. */
    withholdingBp: integer('withholding_bp').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('official_participations_key').on(t.venueId, t.officialId, t.function),
    index('official_participations_official_idx').on(t.officialId),
    check('official_participations_days_check', sql`${t.days} BETWEEN 0 AND 366`),
    check(
      'official_participations_money_check',
      sql`${t.dayRateMinor} >= 0 AND ${t.travelMinor} >= 0 AND ${t.perDiemMinor} >= 0 AND ${t.withholdingBp} BETWEEN 0 AND 10000`,
    ),
  ],
);

/**
 * A merchant selling at a show (the saddlery, the farrier's stand): the show office registers
 * it, and only a registered merchant may sell there or be paid out there.
 */
export const merchantParticipations = pgTable(
  'merchant_participations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('merchant_participations_key').on(t.venueId, t.merchantId),
    index('merchant_participations_merchant_idx').on(t.merchantId),
  ],
);
