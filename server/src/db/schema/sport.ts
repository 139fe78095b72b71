import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { JUMP_OFF_STATUSES, STARTER_STATUSES } from '@shared/sport/ranking';
import { createdAt, money, timestamptz, updatedAt } from './columns';
import { jobRuns } from './jobs';
import { transactions } from './ledger';
import { horses, vecParticipations, venueParticipations } from './participations';
import { riders } from './profiles';
import { competitions } from './show';
import { users } from './users';
import { venues } from './venues';

/*
 * The sport (DOMAIN.md "The sport"): a competition's entries (its start list) with each
 * starter's result in the same row, the prize money paid per entry, the FEI entry files between
 * preview and commit, and the floor's devices.
 */

export const ENTRY_STATES = ['entered', 'withdrawn'] as const;

/**
 * One starter of a competition: rider and horse (from the VEC participation when there is one),
 * the place in the start list, and the result. Round and jump-off (or second phase) keep obstacle
 * and time penalties apart (FEI since 2023); times in whole milliseconds, dressage in thousandths
 * of a percent. `result_status` null: no result yet.
 */
export const competitionEntries = pgTable(
  'competition_entries',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    competitionId: integer('competition_id')
      .notNull()
      .references(() => competitions.id, { onDelete: 'cascade' }),
    venueParticipationId: integer('venue_participation_id')
      .notNull()
      .references(() => venueParticipations.id, { onDelete: 'cascade' }),
    vecParticipationId: integer('vec_participation_id').references(() => vecParticipations.id, {
      onDelete: 'set null',
    }),
    riderId: integer('rider_id')
      .notNull()
      .references(() => riders.id, { onDelete: 'cascade' }),
    horseId: integer('horse_id')
      .notNull()
      .references(() => horses.id, { onDelete: 'restrict' }),
    /** Place in the start list, 1-based; null until drawn (or for a withdrawn entry). */
    startOrder: integer('start_order'),
    status: text('status', { enum: ENTRY_STATES }).notNull().default('entered'),
    /** Entered after the draw (goes to the end of the start list). */
    late: boolean('late').notNull().default(false),
    entryFeeMinor: money('entry_fee_minor'),
    /** The ledger entry that charged the fee, and the one that reversed it on a withdrawal. */
    feeTransactionId: integer('fee_transaction_id').references(() => transactions.id, { onDelete: 'set null' }),
    feeReversalId: integer('fee_reversal_id').references(() => transactions.id, { onDelete: 'set null' }),
    withdrawnAt: timestamptz('withdrawn_at'),
    // the result
    resultStatus: text('result_status', { enum: STARTER_STATUSES }),
    roundFaults: integer('round_faults'),
    roundTimeFaults: integer('round_time_faults'),
    roundTimeMs: integer('round_time_ms'),
    roundKnockDowns: integer('round_knock_downs'),
    jumpOffFaults: integer('jump_off_faults'),
    jumpOffTimeFaults: integer('jump_off_time_faults'),
    jumpOffTimeMs: integer('jump_off_time_ms'),
    jumpOffKnockDowns: integer('jump_off_knock_downs'),
    /** Status R, but eliminated or retired in the jump-off (FEI Art. 245): EL or RT. */
    jumpOffStatus: text('jump_off_status', { enum: JUMP_OFF_STATUSES }),
    /** Dressage: thousandths of a percent (71235 = 71.235 %). */
    scoreThousandths: integer('score_thousandths'),
    resultAt: timestamptz('result_at'),
    resultBy: integer('result_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('competition_entries_key').on(t.competitionId, t.riderId, t.horseId),
    index('competition_entries_competition_idx').on(t.competitionId, t.startOrder),
    index('competition_entries_participation_idx').on(t.venueParticipationId),
    check('competition_entries_status_check', sql`${t.status} IN ('entered', 'withdrawn')`),
    check(
      'competition_entries_result_status_check',
      sql`${t.resultStatus} IS NULL OR ${t.resultStatus} IN ('R', 'EL', 'RT', 'DQ', 'WD', 'NS')`,
    ),
    check('competition_entries_order_check', sql`${t.startOrder} IS NULL OR ${t.startOrder} > 0`),
    check('competition_entries_fee_check', sql`${t.entryFeeMinor} >= 0`),
    check(
      'competition_entries_times_check',
      sql`(${t.roundTimeMs} IS NULL OR ${t.roundTimeMs} BETWEEN 0 AND 999999) AND (${t.jumpOffTimeMs} IS NULL OR ${t.jumpOffTimeMs} BETWEEN 0 AND 999999)`,
    ),
    check(
      'competition_entries_penalties_check',
      sql`coalesce(${t.roundFaults}, 0) BETWEEN 0 AND 999 AND coalesce(${t.roundTimeFaults}, 0) BETWEEN 0 AND 999
        AND coalesce(${t.jumpOffFaults}, 0) BETWEEN 0 AND 999 AND coalesce(${t.jumpOffTimeFaults}, 0) BETWEEN 0 AND 999
        AND coalesce(${t.roundKnockDowns}, 0) BETWEEN 0 AND 99 AND coalesce(${t.jumpOffKnockDowns}, 0) BETWEEN 0 AND 99`,
    ),
    check(
      'competition_entries_score_check',
      sql`${t.scoreThousandths} IS NULL OR ${t.scoreThousandths} BETWEEN 0 AND 100000`,
    ),
    check(
      'competition_entries_jump_off_status_check',
      sql`${t.jumpOffStatus} IS NULL OR (${t.jumpOffStatus} IN ('EL', 'RT') AND ${t.resultStatus} = 'R')`,
    ),
  ],
);

/**
 * Prize money posted for an entry: each row one ledger entry (a credit, or a reversal of part of
 * one when a corrected ranking pays less). What an entry has been paid is the sum of its rows;
 * paying again posts only the difference to the latest ranking's amount (never twice).
 */
export const prizePostings = pgTable(
  'prize_postings',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    competitionId: integer('competition_id')
      .notNull()
      .references(() => competitions.id, { onDelete: 'restrict' }),
    entryId: integer('entry_id')
      .notNull()
      .references(() => competitionEntries.id, { onDelete: 'restrict' }),
    /** rider or employer: the payer of the rider's venue participation when it was posted. */
    partyType: text('party_type').notNull(),
    partyId: integer('party_id').notNull(),
    /** Signed: positive pays, negative takes back. */
    amountMinor: money('amount_minor'),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('prize_postings_competition_idx').on(t.competitionId, t.entryId),
    uniqueIndex('prize_postings_transaction_key').on(t.transactionId),
  ],
);

export const FEI_IMPORT_KINDS = ['participations', 'masterlist', 'fei_web'] as const;
export const FEI_IMPORT_STATES = ['previewed', 'committing', 'committed', 'failed'] as const;

/**
 * An FEI entry file (or what the federation's web service returned) between its preview and its
 * commit: the text as received, what the preview found, and the run that commits it.
 */
export const feiImports = pgTable(
  'fei_imports',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: FEI_IMPORT_KINDS }).notNull(),
    fileName: text('file_name').notNull().default(''),
    sha256: text('sha256').notNull(),
    body: text('body').notNull(),
    preview: jsonb('preview').notNull().default({}),
    status: text('status', { enum: FEI_IMPORT_STATES }).notNull().default('previewed'),
    runId: integer('run_id').references(() => jobRuns.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    committedAt: timestamptz('committed_at'),
  },
  (t) => [index('fei_imports_venue_idx').on(t.venueId, t.createdAt)],
);

/**
 * A floor tablet: registered at its first sign-in by the id it keeps in local
 * storage (the `device_id` on every floor write), named, last seen, app version and writes
 * pending as it last reported; revoked devices' writes are refused.
 */
export const devices = pgTable(
  'devices',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** The id the device made for itself (src/offline/writes.ts deviceId()). */
    deviceKey: text('device_key').notNull(),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Who signed in on it first, and last. */
    registeredBy: integer('registered_by').references(() => users.id, { onDelete: 'set null' }),
    lastUserId: integer('last_user_id').references(() => users.id, { onDelete: 'set null' }),
    appVersion: text('app_version'),
    pendingWrites: integer('pending_writes').notNull().default(0),
    lastSeenAt: timestamptz('last_seen_at'),
    revokedAt: timestamptz('revoked_at'),
    revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('devices_key').on(t.deviceKey),
    index('devices_venue_idx').on(t.venueId),
    check('devices_pending_check', sql`${t.pendingWrites} >= 0`),
  ],
);
