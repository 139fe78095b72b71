import { z } from 'zod';
import { jobMessage } from './jobs';
import { paginated } from './pagination';

/**
 * Data sync from the national federation's registry (spec §4 "Sync", §7). Endpoints:
 *   POST /api/v1/venue/start_sync/                 no payload: read the registry's export over HTTP;
 *                                                  form data with `file`: an uploaded export
 *                                                  (400 `file: not_registry_export` when it is not
 *                                                  one, `file: invalid` when a record is broken)
 *   GET  /api/v1/venue/sync_status/                the latest sync: status, progress, counts, last sync
 *   GET  /api/v1/syncConflict/?page=&page_size=    open conflicts (what the sync did not overwrite)
 *   POST /api/v1/syncConflict/{id}/resolve/        {resolution: kept_local | took_registry}
 * All of them: admins only.
 */

export const SYNC_STATES = ['idle', 'in_progress', 'done', 'error'] as const;
export type SyncState = (typeof SYNC_STATES)[number];

export const SYNC_ENTITY_KINDS = ['club', 'rider', 'horse', 'official'] as const;
export type SyncEntity = (typeof SYNC_ENTITY_KINDS)[number];

/** The largest export file accepted. */
export const MAX_REGISTRY_FILE_BYTES = 50 * 1024 * 1024;
/** The upload dialog's name filter. */
export const REGISTRY_FILE_FILTER = '*.json';

export const syncCount = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  conflicts: z.number().int(),
});
export type SyncCount = z.infer<typeof syncCount>;

export const syncCounts = z.object({
  club: syncCount,
  rider: syncCount,
  horse: syncCount,
  official: syncCount,
});
export type SyncCounts = z.infer<typeof syncCounts>;

/** The answer of start_sync: the run that was started. */
export const syncStarted = z.object({ run: z.number().int(), status: z.enum(SYNC_STATES) });

/** GET /api/v1/venue/sync_status/ */
export const syncStatusResponse = z.object({
  status: z.enum(SYNC_STATES),
  /** The latest run's progress messages, oldest first (codes the client translates). */
  progress: z.array(jobMessage),
  /** The latest run (null: never synced). */
  run: z.number().int().nullable(),
  source: z.enum(['registry', 'file']).nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  /** Steps of the latest run: done of total. */
  done: z.number().int(),
  total: z.number().int(),
  /** What the latest run did, per entity (null: no run read an export yet). */
  counts: syncCounts.nullable(),
  /** The last sync that completed (spec §3 "Last sync record"). */
  last_sync: z.object({ sync_date: z.string() }).nullable(),
  open_conflicts: z.number().int(),
  /** The registry is set up on the server: start without a file reads it. */
  registry_configured: z.boolean(),
});
export type SyncStatus = z.infer<typeof syncStatusResponse>;

export const SYNC_CONFLICT_REASONS = ['both_changed', 'local_differs', 'ambiguous_match'] as const;
export type SyncConflictReason = (typeof SYNC_CONFLICT_REASONS)[number];

export const syncConflict = z.object({
  id: z.number().int(),
  entity: z.enum(SYNC_ENTITY_KINDS),
  /** The local record (null: none could be chosen). */
  local_id: z.number().int().nullable(),
  /** How the local record is named (rider's or official's name, horse's name, club's name). */
  local_name: z.string().nullable(),
  registry_id: z.string(),
  /** The field both sides changed (null: the match itself is ambiguous). */
  field: z.string().nullable(),
  local_value: z.string().nullable(),
  registry_value: z.string().nullable(),
  reason: z.enum(SYNC_CONFLICT_REASONS),
  created_at: z.string(),
});
export type SyncConflict = z.infer<typeof syncConflict>;

export const syncConflictList = paginated(syncConflict);
export type SyncConflictList = z.infer<typeof syncConflictList>;

export const SYNC_RESOLUTIONS = ['kept_local', 'took_registry'] as const;
export const resolveConflictInput = z.object({
  resolution: z.enum(SYNC_RESOLUTIONS, { error: 'invalid' }),
});
export type ResolveConflictInput = z.infer<typeof resolveConflictInput>;
