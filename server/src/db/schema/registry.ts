import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns';
import { jobRuns } from './jobs';
import { users } from './users';

/*
 * Data sync from the national federation's registry (DOMAIN.md "Sync from another
 * system"). A sync is a background run (job_runs, kind registry_sync); what it could not decide
 * is listed here for the admin rather than overwritten.
 */

/** rider, horse, official, club */
export const SYNC_ENTITIES = ['rider', 'horse', 'official', 'club'] as const;

export const syncConflicts = pgTable(
  'sync_conflicts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    runId: integer('run_id')
      .notNull()
      .references(() => jobRuns.id, { onDelete: 'cascade' }),
    entity: text('entity').notNull(),
    /** The local record the registry's record was matched to (null: none could be chosen). */
    localId: integer('local_id'),
    /** The registry's id of the record. */
    registryId: text('registry_id').notNull(),
    /** The field both sides changed (null: the match itself is ambiguous). */
    field: text('field'),
    localValue: text('local_value'),
    registryValue: text('registry_value'),
    /** A code the client translates (sync:conflict.<reason>). */
    reason: text('reason').notNull(),
    resolvedAt: timestamptz('resolved_at'),
    resolvedByUserId: integer('resolved_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** kept_local | took_registry */
    resolution: text('resolution'),
    createdAt: createdAt(),
  },
  (t) => [
    index('sync_conflicts_open_idx').on(t.entity, t.registryId),
    check('sync_conflicts_entity_check', sql`${t.entity} IN ('rider', 'horse', 'official', 'club')`),
  ],
);

/**
 * The registry's export a sync run works through (migration 0012): read once when the run
 * starts (over HTTP or from an uploaded file), so a resumed run never fetches again; `counts`
 * (entity → created, updated, unchanged, conflicts) grow in the same transaction as each step.
 */
export const registryExports = pgTable(
  'registry_exports',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** Set once the run is started (an export read for a start that was refused is deleted). */
    runId: integer('run_id').references(() => jobRuns.id, { onDelete: 'cascade' }),
    /** registry | file */
    source: text('source').notNull(),
    fileName: text('file_name'),
    body: jsonb('body').notNull(),
    counts: jsonb('counts').notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('registry_exports_run_id_key').on(t.runId),
    check('registry_exports_source_check', sql`${t.source} IN ('registry', 'file')`),
  ],
);
