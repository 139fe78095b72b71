import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { RANKING_RULES } from '@shared/sport/ranking';
import { createdAt, floorSeqColumn, timestamptz, updatedAt } from './columns';
import { eventCategories, taxTypes } from './configuration';
import { venues } from './venues';

/** A venue's setup (DOMAIN.md "The show"): its events, their competitions, its price list. */

const money = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/** An event at the venue (VEC), from the configured event categories. */
export const venueEventCategories = pgTable(
  'venue_event_categories',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    eventCategoryId: integer('event_category_id')
      .notNull()
      .references(() => eventCategories.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    defaultEntryFeeMinor: money('default_entry_fee_minor'),
    /** The FEI's id of the event (e.g. 2026_CI_0139_S_S_01), set by the FEI entry import. */
    feiId: text('fei_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('vec_venue_idx').on(t.venueId),
    check('vec_entry_fee_check', sql`${t.defaultEntryFeeMinor} >= 0`),
    uniqueIndex('vec_venue_fei_id_key')
      .on(t.venueId, t.feiId)
      .where(sql`${t.feiId} IS NOT NULL`),
  ],
);

/**
 * The tax of one kind of charge (CHARGE_CATEGORIES) in one event: which tax type and whether it
 * applies by default (a rider's override FORCE or SKIP changes that).
 */
export const taxConfigurations = pgTable(
  'tax_configurations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    vecId: integer('vec_id')
      .notNull()
      .references(() => venueEventCategories.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    taxTypeId: integer('tax_type_id').references(() => taxTypes.id, { onDelete: 'restrict' }),
    appliesByDefault: boolean('applies_by_default').notNull().default(true),
  },
  (t) => [uniqueIndex('tax_configurations_vec_category_key').on(t.vecId, t.category)],
);

export const competitions = pgTable(
  'competitions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    vecId: integer('vec_id')
      .notNull()
      .references(() => venueEventCategories.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    name: text('name').notNull(),
    startsAt: timestamptz('starts_at'),
    discipline: text('discipline').notNull().default('jumping'),
    /** Rule or table, e.g. "Table A, 238.2.2" */
    rule: text('rule'),
    heightCm: integer('height_cm'),
    entryFeeMinor: money('entry_fee_minor'),
    prizeMoneyMinor: money('prize_money_minor'),
    /** Share of the prize money per rank in basis points, e.g. [2500, 2000, 1500]. */
    prizeDistributionBp: integer('prize_distribution_bp')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /**
     * Prize money by rank as amounts (minor units): place k + 1 wins [k]. When not empty it is the
     * chart; otherwise the chart is prize_money × prize_distribution_bp (chartFromPercentages).
     */
    prizeChartMinor: integer('prize_chart_minor')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** The sport: how results are ranked (src/shared/sport/ranking.ts RANKING_RULES). */
    rankingRule: text('ranking_rule', { enum: RANKING_RULES }).notNull().default('table_a'),
    /** Table C's seconds per knock-down (FEI Jumping Rules Art. 239): 4, or 3 where the schedule says so. */
    knockDownSeconds: integer('knock_down_seconds').notNull().default(4),
    arena: text('arena'),
    /** Start times: starts_at, then one starter every interval. */
    startIntervalSeconds: integer('start_interval_seconds').notNull().default(90),
    /** Withdrawals until then get the entry fee back (a reversal); later ones keep it charged. */
    entryDeadline: timestamptz('entry_deadline'),
    /** The seed of the last draw (reproducible), and when it was drawn. */
    drawSeed: integer('draw_seed'),
    drawnAt: timestamptz('drawn_at'),
    /** Results and ranking are public (live page, GraphQL, FEI results) from then; null: held back. */
    publishedAt: timestamptz('published_at'),
    /** The FEI's id of the competition, when known (FEI results XML). */
    feiId: text('fei_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('competitions_vec_idx').on(t.vecId),
    check('competitions_interval_check', sql`${t.startIntervalSeconds} BETWEEN 0 AND 3600`),
    check('competitions_money_check', sql`${t.entryFeeMinor} >= 0 AND ${t.prizeMoneyMinor} >= 0`),
    check('competitions_height_check', sql`${t.heightCm} IS NULL OR ${t.heightCm} BETWEEN 0 AND 300`),
    check('competitions_knock_down_seconds_check', sql`${t.knockDownSeconds} IN (3, 4)`),
  ],
);

/** Sold at the venue: boxes, shavings, hay, electricity, parking… */
export const consumables = pgTable(
  'consumables',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    category: text('category').notNull(),
    unit: text('unit').notNull().default('piece'),
    unitPriceMinor: money('unit_price_minor'),
    /** The tax type of this article; null: the event's tax configuration for its category. */
    taxTypeId: integer('tax_type_id').references(() => taxTypes.id, { onDelete: 'restrict' }),
    active: boolean('active').notNull().default(true),
    floorSeq: floorSeqColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('consumables_venue_idx').on(t.venueId, t.floorSeq),
    check('consumables_price_check', sql`${t.unitPriceMinor} >= 0`),
  ],
);

/** E-mail templates of a venue, with {placeholders}; sent as tests to oneself. */
export const emailTemplates = pgTable(
  'email_templates',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    /** onboarding, invoice, attendee, reminder, custom */
    kind: text('kind').notNull().default('custom'),
    language: text('language').notNull().default('de'),
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    bodyHtml: text('body_html').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('email_templates_venue_idx').on(t.venueId)],
);

/** Uploaded files kept in the database (logos, documents); served by their id and hash. */
export const mediaFiles = pgTable('media_files', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  contentType: text('content_type').notNull(),
  fileName: text('file_name').notNull(),
  sha256: text('sha256').notNull(),
  /**
   * base64 of the bytes (portable across PGlite and pg without bytea handling) of a file stored
   * whole; empty for one stored in pieces (mediaFileChunks).
   */
  dataBase64: text('data_base64').notNull().default(''),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/**
 * A file in pieces of a few hundred kB, each written by a statement of its own: one statement
 * writing 10 MB holds the embedded database, and with it the event loop, for most of a second.
 */
export const mediaFileChunks = pgTable(
  'media_file_chunks',
  {
    fileId: integer('file_id')
      .notNull()
      .references(() => mediaFiles.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    /** base64 of the piece. */
    data: text('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.seq] })],
);
