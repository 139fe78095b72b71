import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns';
import { users } from './users';
import { venues } from './venues';

/**
 * Background work: a run is a list of idempotent steps (CONVENTIONS 14). pg-boss
 * delivers the run to one worker; the state lives here, so a restart resumes where it stopped
 * and a step is never done twice. At most one run per venue and kind is queued or running.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** JOB_KINDS in src/shared/schemas/jobs.ts */
    kind: text('kind').notNull(),
    venueId: integer('venue_id').references(() => venues.id, { onDelete: 'cascade' }),
    /** JOB_STATUSES: queued → running → done | failed | cancelled */
    status: text('status').notNull().default('queued'),
    params: jsonb('params').notNull().default({}),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** Newest last: { at, code, params } — codes are translated by the client. */
    messages: jsonb('messages').notNull().default([]),
    cancelRequested: integer('cancel_requested').notNull().default(0),
    /** The worker holding the run and when it last said so: a silent holder's run is taken over. */
    worker: text('worker'),
    heartbeatAt: timestamptz('heartbeat_at'),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    startedAt: timestamptz('started_at'),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [
    uniqueIndex('job_runs_one_active_key')
      .on(t.kind, sql`coalesce(${t.venueId}, 0)`)
      .where(sql`${t.status} IN ('queued', 'running')`),
    index('job_runs_venue_idx').on(t.venueId, t.kind, t.createdAt),
    check('job_runs_status_check', sql`${t.status} IN ('queued', 'running', 'done', 'failed', 'cancelled')`),
  ],
);

/** One step of a run: done in the same database transaction as its effect. */
export const jobRunItems = pgTable(
  'job_run_items',
  {
    runId: integer('run_id')
      .notNull()
      .references(() => jobRuns.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    position: integer('position').notNull().default(0),
    /** pending | done | failed | skipped */
    status: text('status').notNull().default('pending'),
    /** What the step made (an invoice id, …). */
    refId: integer('ref_id'),
    error: text('error'),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.key] }),
    index('job_run_items_pending_idx').on(t.runId, t.status, t.position),
    check('job_run_items_status_check', sql`${t.status} IN ('pending', 'done', 'failed', 'skipped')`),
  ],
);
