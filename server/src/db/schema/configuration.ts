import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { venues } from './venues';

/** Admin configuration (spec §2 "Configuration"): reference data every show uses. */

export const countries = pgTable(
  'countries',
  {
    /** ISO 3166-1 alpha-2. */
    code: text('code').primaryKey(),
    name: text('name').notNull(),
  },
  (t) => [check('countries_code_check', sql`${t.code} ~ '^[A-Z]{2}$'`)],
);

export const currencies = pgTable(
  'currencies',
  {
    /** ISO 4217. Amounts are always kept in two-decimal minor units. */
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    symbol: text('symbol').notNull().default(''),
  },
  (t) => [check('currencies_code_check', sql`${t.code} ~ '^[A-Z]{3}$'`)],
);

export const eventCategories = pgTable(
  'event_categories',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** e.g. CSI2*, CSN, CDI3* */
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** jumping, dressage, eventing, driving, endurance, vaulting, reining, other */
    discipline: text('discipline').notNull().default('jumping'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('event_categories_code_key').on(t.code)],
);

export const taxTypes = pgTable(
  'tax_types',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** e.g. VAT_STD, VAT_RED, EXEMPT */
    code: text('code').notNull(),
    name: text('name').notNull(),
    /**
     * The EN 16931 VAT category (UNTDID 5305) its lines are billed with: S standard or reduced
     * rate, Z zero rate, E exempt, AE reverse charge, K intra-community supply, G export outside
     * the EU, O outside the scope of VAT. Stated, never inferred from a rate of 0.
     */
    category: text('category').notNull().default('S'),
    /** The legal ground of a category without VAT (BT-120 text, BT-121 VATEX code), printed on the invoice. */
    exemptionCode: text('exemption_code'),
    exemptionReason: text('exemption_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('tax_types_code_key').on(t.code),
    check('tax_types_category_check', sql`${t.category} IN ('S', 'Z', 'E', 'AE', 'K', 'G', 'O')`),
  ],
);

/** A tax type's rate in basis points (2200 = 22.00 %), valid from a day, until a day (inclusive) or open. */
export const taxRates = pgTable(
  'tax_rates',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    taxTypeId: integer('tax_type_id')
      .notNull()
      .references(() => taxTypes.id, { onDelete: 'cascade' }),
    rateBp: integer('rate_bp').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }),
  },
  (t) => [
    index('tax_rates_type_idx').on(t.taxTypeId),
    check('tax_rates_rate_check', sql`${t.rateBp} BETWEEN 0 AND 10000`),
    check('tax_rates_dates_check', sql`${t.validTo} IS NULL OR ${t.validTo} >= ${t.validFrom}`),
  ],
);

/** Bank accounts of a venue (shown on its invoices). IBAN checked with ISO 13616 mod-97. */
export const venueBankAccounts = pgTable(
  'venue_bank_accounts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    holderName: text('holder_name').notNull(),
    iban: text('iban').notNull(),
    bic: text('bic'),
    bankName: text('bank_name'),
    currency: text('currency').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('venue_bank_accounts_venue_idx').on(t.venueId)],
);
