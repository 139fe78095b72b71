import { sql } from 'drizzle-orm';
import type { JobMessage } from '@shared/schemas/jobs';
import type { SyncConflict, SyncCounts, SyncEntity } from '@shared/schemas/sync';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { Page } from '../../http/pagination';
import type { RegistryExport } from './registry-source';
import { ENTITY_SPECS, specOf } from './sync-entities';

/** The queries of the registry sync (sync.service.ts holds the rules). */

export const emptyCounts = (): SyncCounts => ({
  club: { created: 0, updated: 0, unchanged: 0, conflicts: 0 },
  rider: { created: 0, updated: 0, unchanged: 0, conflicts: 0 },
  horse: { created: 0, updated: 0, unchanged: 0, conflicts: 0 },
  official: { created: 0, updated: 0, unchanged: 0, conflicts: 0 },
});

export interface LatestRun {
  id: number;
  status: string;
  total: number;
  failed: number;
  messages: JobMessage[];
  started_at: Date | string | null;
  finished_at: Date | string | null;
  created_at: Date | string;
  source: 'registry' | 'file' | null;
  counts: Partial<SyncCounts> | null;
  done_steps: number;
  failed_steps: number;
}

export async function storeExport(
  db: Db,
  source: 'registry' | 'file',
  fileName: string | null,
  /** The export (RegistryExport) as JSON text. */
  json: string,
): Promise<number> {
  const [row] = rowsOf<{ id: number }>(
    await db.execute(sql`INSERT INTO registry_exports (source, file_name, body)
      VALUES (${source}, ${fileName}, ${json}::jsonb) RETURNING id`),
  );
  return row!.id;
}

export async function dropExport(db: Db, exportId: number): Promise<void> {
  await db.execute(sql`DELETE FROM registry_exports WHERE id = ${exportId} AND run_id IS NULL`);
}

export async function linkExport(db: Db, exportId: number, runId: number): Promise<void> {
  await db.execute(sql`UPDATE registry_exports SET run_id = ${runId} WHERE id = ${exportId}`);
}

/** How many records of each list the export holds. */
export async function exportSizes(db: Db, exportId: number) {
  const [row] = rowsOf<Record<string, number>>(
    await db.execute(sql`SELECT jsonb_array_length(body -> 'clubs') AS clubs, jsonb_array_length(body -> 'riders') AS riders,
      jsonb_array_length(body -> 'horses') AS horses, jsonb_array_length(body -> 'officials') AS officials
      FROM registry_exports WHERE id = ${exportId}`),
  );
  return row;
}

/** Records [from, to) of one list of the export. */
export async function exportSlice(db: Db, exportId: number, list: string, from: number, to: number) {
  const [row] = rowsOf<{ items: unknown }>(
    await db.execute(sql`SELECT jsonb_path_query_array(body -> ${list}, ${`$[${from} to ${to - 1}]`}::jsonpath) AS items
      FROM registry_exports WHERE id = ${exportId}`),
  );
  const items = typeof row?.items === 'string' ? (JSON.parse(row.items) as unknown) : row?.items;
  return (items ?? []) as RegistryExport['riders'];
}

/** Adds a batch's numbers to its run's (in the step's transaction). */
export async function addCounts(tx: Db, exportId: number, entity: SyncEntity, add: SyncCounts[SyncEntity]) {
  const [row] = rowsOf<{ counts: Partial<SyncCounts> | string }>(
    await tx.execute(sql`SELECT counts FROM registry_exports WHERE id = ${exportId} FOR UPDATE`),
  );
  const counts = normalizeCounts(row?.counts ?? {})!;
  for (const key of Object.keys(add) as (keyof typeof add)[]) counts[entity][key] += add[key];
  await tx.execute(sql`UPDATE registry_exports SET counts = ${JSON.stringify(counts)}::jsonb WHERE id = ${exportId}`);
}

export async function countsOf(db: Db, exportId: number): Promise<SyncCounts> {
  const [row] = rowsOf<{ counts: Partial<SyncCounts> | string }>(
    await db.execute(sql`SELECT counts FROM registry_exports WHERE id = ${exportId}`),
  );
  return normalizeCounts(row?.counts ?? null)!;
}

export function normalizeCounts(raw: Partial<SyncCounts> | string | null): SyncCounts | null {
  if (raw === null) return null;
  const value = typeof raw === 'string' ? (JSON.parse(raw) as Partial<SyncCounts>) : raw;
  const out = emptyCounts();
  for (const entity of Object.keys(out) as SyncEntity[]) out[entity] = { ...out[entity], ...value[entity] };
  return out;
}

/** The export's body is not needed once its run is over. */
export async function dropExportBody(db: Db, exportId: number): Promise<void> {
  await db.execute(sql`UPDATE registry_exports SET body = '{}'::jsonb WHERE id = ${exportId}`);
}

/** The newest sync run with its export's numbers and its step progress. */
export async function latestRun(db: Db): Promise<LatestRun | undefined> {
  const [row] = rowsOf<LatestRun>(
    await db.execute(sql`SELECT r.id, r.status, r.total, r.failed, r.messages, r.started_at, r.finished_at, r.created_at,
        e.source, e.counts,
        (SELECT count(*) FROM job_run_items i WHERE i.run_id = r.id AND i.status IN ('done', 'skipped'))::int AS done_steps,
        (SELECT count(*) FROM job_run_items i WHERE i.run_id = r.id AND i.status = 'failed')::int AS failed_steps
      FROM job_runs r LEFT JOIN registry_exports e ON e.run_id = r.id
      WHERE r.kind = 'registry_sync' ORDER BY r.id DESC LIMIT 1`),
  );
  return row;
}

/** When the last sync that completed without a failed step ended. */
export async function lastSyncDate(db: Db): Promise<Date | string | null> {
  const [row] = rowsOf<{ finished_at: Date | string }>(
    await db.execute(sql`SELECT finished_at FROM job_runs
      WHERE kind = 'registry_sync' AND status = 'done' AND failed = 0 AND finished_at IS NOT NULL
      ORDER BY finished_at DESC LIMIT 1`),
  );
  return row?.finished_at ?? null;
}

/** A sync that could not start (the registry did not answer) is kept as a failed run, to show why. */
export async function recordFailedRun(db: Db, userId: number, message: JobMessage): Promise<void> {
  await db.execute(sql`INSERT INTO job_runs (kind, venue_id, status, messages, created_by_user_id, started_at, finished_at)
    VALUES ('registry_sync', NULL, 'failed', ${JSON.stringify([message])}::jsonb, ${userId}, now(), now())`);
}

export async function openConflictCount(db: Db): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM sync_conflicts WHERE resolved_at IS NULL`),
  );
  return Number(row?.n ?? 0);
}

interface ConflictRow {
  id: number;
  entity: SyncEntity;
  local_id: number | null;
  local_name: string | null;
  registry_id: string;
  field: string | null;
  local_value: string | null;
  registry_value: string | null;
  reason: SyncConflict['reason'];
  created_at: Date | string;
  resolved_at: Date | string | null;
}

const nameOf = sql.raw(
  `CASE s.entity ${ENTITY_SPECS.map(
    (spec) => `WHEN '${spec.entity}' THEN (SELECT ${spec.name} FROM ${spec.table} t WHERE t.id = s.local_id)`,
  ).join(' ')} END`,
);

export async function listOpenConflicts(db: Db, page: Page): Promise<{ count: number; results: SyncConflict[] }> {
  const rows = rowsOf<ConflictRow & { total: number }>(
    await db.execute(sql`SELECT s.id, s.entity, s.local_id, ${nameOf} AS local_name, s.registry_id, s.field,
        s.local_value, s.registry_value, s.reason, s.created_at, s.resolved_at, count(*) OVER ()::int AS total
      FROM sync_conflicts s WHERE s.resolved_at IS NULL
      ORDER BY s.id LIMIT ${page.limit} OFFSET ${page.offset}`),
  );
  const count = rows[0] ? Number(rows[0].total) : page.offset > 0 ? await openConflictCount(db) : 0;
  return {
    count,
    results: rows.map((r) => ({
      id: r.id,
      entity: r.entity,
      local_id: r.local_id,
      local_name: r.local_name,
      registry_id: r.registry_id,
      field: r.field,
      local_value: r.local_value,
      registry_value: r.registry_value,
      reason: r.reason,
      created_at: new Date(r.created_at).toISOString(),
    })),
  };
}

export async function conflictForUpdate(tx: Db, id: number): Promise<ConflictRow | undefined> {
  const [row] = rowsOf<ConflictRow>(
    await tx.execute(sql`SELECT s.id, s.entity, s.local_id, NULL AS local_name, s.registry_id, s.field, s.local_value,
        s.registry_value, s.reason, s.created_at, s.resolved_at
      FROM sync_conflicts s WHERE s.id = ${id} FOR UPDATE`),
  );
  return row;
}

/** Writes the registry's value of a field into the local record (and into what the registry said). */
export async function takeRegistryValue(tx: Db, conflict: ConflictRow): Promise<boolean> {
  const spec = specOf(conflict.entity);
  const field = spec.fields.find((f) => f.name === conflict.field);
  if (!field || conflict.local_id === null) return false;
  const result = await tx.execute(sql`UPDATE ${sql.raw(spec.table)} AS t
    SET ${sql.raw(field.column)} = ${sql.raw(field.write)},
      registry_data = coalesce(t.registry_data, '{}'::jsonb) || jsonb_build_object(${field.name}::text, x.${sql.raw(field.name)}),
      updated_at = now()
    FROM (SELECT ${conflict.registry_value}::text AS ${sql.raw(field.name)}) AS x
    WHERE t.id = ${conflict.local_id} RETURNING t.id`);
  return rowsOf(result).length > 0;
}

export async function markResolved(tx: Db, id: number, userId: number, resolution: string): Promise<void> {
  await tx.execute(sql`UPDATE sync_conflicts SET resolved_at = now(), resolved_by_user_id = ${userId},
    resolution = ${resolution} WHERE id = ${id}`);
}
