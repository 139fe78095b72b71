import type { FastifyRequest } from 'fastify';
import type { ListQuery } from '@shared/schemas/pagination';
import type { ResolveConflictInput, SyncConflictList, SyncCount, SyncState, SyncStatus } from '@shared/schemas/sync';
import { AppError, fieldError } from '../../app-error';
import type { AppContext } from '../../context';
import { auditLog } from '../../db/schema';
import { pageOf } from '../../http/pagination';
import type { UploadedFile } from '../../http/multipart';
import { sessionOf } from '../../http/session';
import type { JobHandler, RunRow } from '../../plugins/jobs';
import { ownBytes, runTask } from '../../workers/pool';
import { EXPORT_LISTS, httpRegistrySource, type ExportList, type RegistryExport } from './registry-source';
import { applyBatch } from './sync-batch';
import { specOfList } from './sync-entities';
import {
  addCounts,
  conflictForUpdate,
  countsOf,
  dropExport,
  dropExportBody,
  exportSizes,
  exportSlice,
  lastSyncDate,
  latestRun,
  linkExport,
  listOpenConflicts,
  markResolved,
  normalizeCounts,
  openConflictCount,
  recordFailedRun,
  storeExport,
  takeRegistryValue,
} from './sync.repo';

/** Records per step (each step one transaction). */
export const SYNC_BATCH = 500;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function stateOf(status: string, failedSteps: number): SyncState {
  if (status === 'queued' || status === 'running') return 'in_progress';
  if (status === 'done' && failedSteps === 0) return 'done';
  return 'error';
}

export function createSyncService(ctx: AppContext) {
  const { db } = ctx;

  return {
    /** Reads the export (the registry's, or the uploaded file) and starts a run through it. */
    async start(request: FastifyRequest, file: UploadedFile | null): Promise<{ run: number; status: SyncState }> {
      const user = sessionOf(request);
      if (await ctx.jobs.activeRun('registry_sync', null)) throw new AppError('sync_running');
      let json: string;
      let records: Record<(typeof EXPORT_LISTS)[number], number>;
      const source = file ? 'file' : 'registry';
      // An uploaded export (up to MAX_REGISTRY_FILE_BYTES of JSON) is read and checked on a worker
      // thread: on the event loop it would stall every other request for seconds.
      if (file) {
        // Handed over, not copied: a 50 MB copy is itself a stall.
        const { bytes, transfer } = ownBytes(file.bytes);
        ({ json, records } = await runTask('registry', bytes, transfer));
      } else {
        let data: RegistryExport;
        if (!ctx.config.registry) throw new AppError('registry_not_configured');
        try {
          data = await httpRegistrySource(ctx.config.registry).fetchExport();
        } catch (err) {
          if (err instanceof AppError && err.code === 'registry_unavailable') {
            await recordFailedRun(db, user.id, {
              at: new Date().toISOString(),
              code: 'sync_registry_unavailable',
              params: {},
            });
            await ctx.audit.record(request, { action: 'sync.failed', details: { reason: 'registry_unavailable' } });
          }
          throw err;
        }
        json = JSON.stringify(data);
        records = Object.fromEntries(EXPORT_LISTS.map((list) => [list, data[list].length])) as typeof records;
      }
      const exportId = await storeExport(db, source, file?.fileName.slice(0, 200) ?? null, json);
      let run: RunRow;
      try {
        run = await ctx.jobs.start({ kind: 'registry_sync', venueId: null, params: { exportId }, userId: user.id });
      } catch (err) {
        await dropExport(db, exportId);
        if (err instanceof AppError && err.code === 'job_running') throw new AppError('sync_running');
        throw err;
      }
      await linkExport(db, exportId, run.id);
      await ctx.audit.record(request, {
        action: 'sync.start',
        details: { run: run.id, source, file: file?.fileName ?? null, records },
      });
      return { run: run.id, status: 'in_progress' };
    },

    async status(): Promise<SyncStatus> {
      const [run, last, open] = [await latestRun(db), await lastSyncDate(db), await openConflictCount(db)];
      return {
        status: run ? stateOf(run.status, run.failed_steps) : 'idle',
        progress: run?.messages ?? [],
        run: run?.id ?? null,
        source: run?.source ?? null,
        started_at: run ? iso(run.started_at ?? run.created_at) : null,
        finished_at: run ? iso(run.finished_at) : null,
        done: run?.done_steps ?? 0,
        total: run?.total ?? 0,
        counts: run ? normalizeCounts(run.counts) : null,
        last_sync: last === null ? null : { sync_date: iso(last)! },
        open_conflicts: open,
        registry_configured: ctx.config.registry !== null,
      };
    },

    conflicts: (query: ListQuery): Promise<SyncConflictList> => listOpenConflicts(db, pageOf(query)),

    /** kept_local: the local value stays; took_registry: the registry's value is written. Both close it. */
    async resolve(request: FastifyRequest, id: number, input: ResolveConflictInput): Promise<void> {
      const user = sessionOf(request);
      await db.transaction(async (tx) => {
        const conflict = await conflictForUpdate(tx, id);
        if (!conflict) throw new AppError('not_found');
        if (conflict.resolved_at !== null) throw new AppError('conflict');
        if (input.resolution === 'took_registry') {
          // An ambiguous match has no single value to take: the admin merges or edits by hand.
          if (conflict.field === null) throw fieldError('resolution', 'invalid');
          if (!(await takeRegistryValue(tx, conflict))) throw new AppError('not_found');
        }
        await markResolved(tx, id, user.id, input.resolution);
        await ctx.audit.record(
          request,
          {
            action: 'sync.conflict.resolve',
            details: {
              conflict: id,
              entity: conflict.entity,
              record: conflict.local_id,
              field: conflict.field,
              resolution: input.resolution,
            },
          },
          tx,
        );
      });
    },
  };
}

/**
 * The run through an export (job kind registry_sync): planned once from the stored export, one
 * step per batch of SYNC_BATCH records (clubs first: riders name them), each in its own
 * transaction that also adds the batch's numbers to the run's; a resumed run reads the same
 * stored export and goes on with the batches not done.
 */
export function registrySyncRun(ctx: AppContext): JobHandler {
  const exportOf = (run: RunRow) => (run.params as { exportId: number }).exportId;
  return {
    kind: 'registry_sync',
    concurrency: 1,
    async plan(run, tx) {
      const exportId = exportOf(run);
      await linkExport(tx, exportId, run.id);
      const sizes = await exportSizes(tx, exportId);
      if (!sizes) throw new Error('the export of this sync is gone');
      const keys = EXPORT_LISTS.flatMap((list) =>
        Array.from({ length: Math.ceil(Number(sizes[list] ?? 0) / SYNC_BATCH) }, (_, i) => `${list}:${i}`),
      );
      return { keys };
    },
    async step({ run, key, complete, message }) {
      // Other requests first (on the embedded database every query waits for the step's transaction).
      await new Promise((resolve) => setTimeout(resolve, 1));
      const exportId = exportOf(run);
      const [list, index] = key.split(':') as [ExportList, string];
      const spec = specOfList(list);
      const from = Number(index) * SYNC_BATCH;
      const records = await exportSlice(ctx.db, exportId, list, from, from + SYNC_BATCH);
      const range = { entity: spec.entity, from: from + 1, to: from + records.length };
      let count: SyncCount | null = null;
      try {
        await complete(async (tx) => {
          count = await applyBatch(tx, spec, records, run.id);
          await addCounts(tx, exportId, spec.entity, count);
          return run.id;
        });
      } catch (err) {
        message('sync_batch_failed', range);
        throw err;
      }
      if (count) message('sync_batch', { ...range, ...(count as SyncCount) });
    },
    async finish(run, message) {
      const exportId = exportOf(run);
      const counts = await countsOf(ctx.db, exportId);
      const total = (k: keyof SyncCount) => Object.values(counts).reduce((n, c) => n + c[k], 0);
      message('sync_done', {
        created: total('created'),
        updated: total('updated'),
        unchanged: total('unchanged'),
        conflicts: total('conflicts'),
      });
      await dropExportBody(ctx.db, exportId);
      await ctx.db
        .insert(auditLog)
        .values({ action: 'sync.finish', actorUserId: run.createdByUserId, details: { run: run.id, counts } });
    },
  };
}
