import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { TAX_OVERRIDES } from '@shared/ledger';
import { contactColumns, createdAt, timestamptz, updatedAt } from './columns';
import { users } from './users';

/**
 * One profile per profile role a user holds (DOMAIN.md "People and roles"). `user_id` is
 * nullable: riders and officials also arrive from a federation registry before they sign up.
 */
const owner = () => integer('user_id').references(() => users.id, { onDelete: 'set null' });
const names = () => ({
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
});

/**
 * What the federation's registry said of a record at the last sync (DOMAIN.md "Sync from
 * another system"): a field the office changed since is a conflict, not overwritten.
 */
export const registryColumns = () => ({
  registryData: jsonb('registry_data').$type<Record<string, string | null>>(),
  registrySyncedAt: timestamptz('registry_synced_at'),
});

/** A club of the national federation (from the registry); riders belong to one. */
export const clubs = pgTable(
  'clubs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** The registry's id of the club. */
    registryId: text('registry_id'),
    name: text('name').notNull(),
    city: text('city'),
    country: text('country'),
    ...registryColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('clubs_registry_id_key').on(t.registryId)],
);

export const EMPLOYMENT_STATUSES = ['NOT_REGISTERED', 'INDEPENDENT', 'EMPLOYED'] as const;

export const riders = pgTable(
  'riders',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: owner(),
    ...names(),
    ...contactColumns(),
    feiId: text('fei_id'),
    nationalId: text('national_id'),
    registrationId: text('registration_id'),
    nationality: text('nationality'),
    birthDate: date('birth_date', { mode: 'string' }),
    employmentStatus: text('employment_status', { enum: EMPLOYMENT_STATUSES }).notNull().default('NOT_REGISTERED'),
    taxOverride: text('tax_override', { enum: TAX_OVERRIDES }).notNull().default('NO_OVERRIDE'),
    bookkeepingRefId: integer('bookkeeping_ref_id'),
    clubId: integer('club_id').references(() => clubs.id, { onDelete: 'set null' }),
    ...registryColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('riders_user_id_key').on(t.userId),
    uniqueIndex('riders_fei_id_key').on(t.feiId),
    // the registry sync's matching (migration 0012)
    index('riders_registry_id_idx').on(sql`(${t.registryData} ->> 'id')`),
    index('riders_national_id_idx').on(t.nationalId),
    index('riders_email_lower_idx').on(sql`lower(${t.email})`),
    check(
      'riders_employment_status_check',
      sql`${t.employmentStatus} IN ('NOT_REGISTERED', 'INDEPENDENT', 'EMPLOYED')`,
    ),
    check('riders_tax_override_check', sql`${t.taxOverride} IN ('NO_OVERRIDE', 'FORCE', 'SKIP')`),
  ],
);

export const employers = pgTable(
  'employers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: owner(),
    companyName: text('company_name').notNull().default(''),
    vatId: text('vat_id'),
    /** A German public buyer's routing id (Leitweg-ID), printed as its invoices' buyer reference (BT-10). */
    leitwegId: text('leitweg_id'),
    ...names(),
    ...contactColumns(),
    bookkeepingRefId: integer('bookkeeping_ref_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('employers_user_id_key').on(t.userId)],
);

export const officials = pgTable(
  'officials',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: owner(),
    ...names(),
    ...contactColumns(),
    feiId: text('fei_id'),
    nationalId: text('national_id'),
    nationality: text('nationality'),
    /** judge, steward, technical_delegate, veterinarian, course_designer, … */
    functions: text('functions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ...registryColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('officials_user_id_key').on(t.userId),
    uniqueIndex('officials_fei_id_key').on(t.feiId),
    // the registry sync's matching (migration 0012)
    index('officials_registry_id_idx').on(sql`(${t.registryData} ->> 'id')`),
    index('officials_national_id_idx').on(t.nationalId),
    index('officials_email_lower_idx').on(sql`lower(${t.email})`),
  ],
);

export const simpleUsers = pgTable(
  'simple_users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: owner(),
    ...names(),
    ...contactColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('simple_users_user_id_key').on(t.userId)],
);

export const merchants = pgTable(
  'merchants',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: owner(),
    companyName: text('company_name').notNull().default(''),
    vatId: text('vat_id'),
    ...names(),
    ...contactColumns(),
    /** Fee plan: a percentage in basis points plus a fixed amount in minor units per sale. */
    feePercentBp: integer('fee_percent_bp').notNull().default(0),
    feeFixedMinor: integer('fee_fixed_minor').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('merchants_user_id_key').on(t.userId),
    check('merchants_fee_check', sql`${t.feePercentBp} BETWEEN 0 AND 10000 AND ${t.feeFixedMinor} >= 0`),
  ],
);
