import { sql } from 'drizzle-orm';
import type { SyncConflictReason, SyncCount } from '@shared/schemas/sync';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { RegistryRecord } from './registry-source';
import type { EntitySpec, FieldSpec } from './sync-entities';

/*
 * One batch of the registry's records of one kind, applied in the step's transaction with a
 * handful of set-based statements (the candidates, the inserts, the updates, the conflicts):
 *
 * - matched by the registry's id (synced before), then FEI id, then national id; by e-mail
 *   (case-insensitive) only when none of those match. Two local records for one registry record,
 *   or a local record already synced from another registry record → an `ambiguous_match`
 *   conflict, nothing written;
 * - unmatched → created;
 * - per field: the registry changed it and the office did not (local = what the registry said
 *   last time) → updated; both changed it → `both_changed` conflict, the local value kept; never
 *   synced and a non-empty local value differs → `local_differs` conflict; an empty local value
 *   is filled; an empty registry value never clears a local one;
 * - registry_data keeps what the registry said, so a conflict is not raised again by the next
 *   sync unless the registry changes the field again (then the open conflict is updated);
 * - nothing to change → nothing written (counted unchanged).
 */

interface Candidate {
  id: number;
  registry_id: string | null;
  registry_data: Record<string, string | null> | null;
  [field: `f_${string}`]: string | null;
}

interface NewConflict {
  local_id: number | null;
  registry_id: string;
  field: string | null;
  local_value: string | null;
  registry_value: string | null;
  reason: SyncConflictReason;
}

const json = (value: unknown) => JSON.stringify(value);
const list = (values: string[]) => sql`(SELECT json_array_elements_text(${json(values)}::json))`;

function same(field: FieldSpec, a: string | null | undefined, b: string | null | undefined): boolean {
  const x = a ?? null;
  const y = b ?? null;
  if (x === null || y === null) return x === y;
  return field.caseless ? x.toLowerCase() === y.toLowerCase() : x === y;
}

function sameData(a: Record<string, string | null> | null, b: RegistryRecord): boolean {
  if (!a) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) if ((a[key] ?? null) !== (b[key] ?? null)) return false;
  return true;
}

/** A registry record in a few words, for an ambiguous match. */
function describe(record: RegistryRecord): string {
  return ['first_name', 'last_name', 'name', 'fei_id', 'national_id', 'email']
    .map((k) => record[k])
    .filter((v): v is string => !!v)
    .join(' ')
    .slice(0, 300);
}

async function candidatesOf(tx: Db, spec: EntitySpec, records: RegistryRecord[]): Promise<Candidate[]> {
  const ors = [sql`${sql.raw(spec.registryId)} IN ${list(records.map((r) => r.id))}`];
  for (const key of spec.keys) {
    const values = records.map((r) => r[key]).filter((v): v is string => !!v);
    if (values.length) ors.push(sql`${sql.raw(`t.${key}`)} IN ${list(values)}`);
  }
  if (spec.weakKey) {
    const values = records.map((r) => r[spec.weakKey!]?.toLowerCase()).filter((v): v is string => !!v);
    if (values.length) ors.push(sql`lower(${sql.raw(`t.${spec.weakKey}`)}) IN ${list(values)}`);
  }
  const fields = spec.fields.map((f) => `${f.read} AS f_${f.name}`).join(', ');
  return rowsOf<Candidate>(
    await tx.execute(sql`SELECT t.id, ${sql.raw(spec.registryId)} AS registry_id, t.registry_data, ${sql.raw(fields)}
      FROM ${sql.raw(spec.table)} t WHERE ${sql.join(ors, sql` OR `)} ORDER BY t.id FOR UPDATE OF t`),
  );
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const found = map.get(key);
  if (found) found.push(value);
  else map.set(key, [value]);
}

export async function applyBatch(
  tx: Db,
  spec: EntitySpec,
  records: RegistryRecord[],
  runId: number,
): Promise<SyncCount> {
  const count: SyncCount = { created: 0, updated: 0, unchanged: 0, conflicts: 0 };
  if (!records.length) return count;
  const candidates = await candidatesOf(tx, spec, records);
  const byRegistryId = new Map<string, Candidate>();
  const byKey = new Map<string, Candidate[]>();
  for (const c of candidates) {
    if (c.registry_id) byRegistryId.set(c.registry_id, c);
    for (const key of spec.keys) if (c[`f_${key}`]) push(byKey, `${key}:${c[`f_${key}`]}`, c);
    if (spec.weakKey && c[`f_${spec.weakKey}`]) push(byKey, `weak:${c[`f_${spec.weakKey}`]!.toLowerCase()}`, c);
  }

  const creates: RegistryRecord[] = [];
  const updates: Record<string, unknown>[] = [];
  const conflicts: NewConflict[] = [];
  const claimed = new Set<number>();
  const setFields = new Set<string>();

  for (const record of records) {
    const strong = new Map<number, Candidate>();
    const linked = byRegistryId.get(record.id);
    if (linked) strong.set(linked.id, linked);
    for (const key of spec.keys) {
      const value = record[key];
      if (value) for (const c of byKey.get(`${key}:${value}`) ?? []) strong.set(c.id, c);
    }
    let matches = [...strong.values()];
    if (!matches.length && spec.weakKey && record[spec.weakKey])
      matches = byKey.get(`weak:${record[spec.weakKey]!.toLowerCase()}`) ?? [];

    if (!matches.length) {
      creates.push(record);
      count.created++;
      continue;
    }
    const match = matches[0]!;
    const takenByOther = match.registry_id !== null && match.registry_id !== record.id;
    if (matches.length > 1 || takenByOther || claimed.has(match.id)) {
      conflicts.push({
        local_id: match.id,
        registry_id: record.id,
        field: null,
        local_value: matches.map((m) => `#${m.id}`).join(', '),
        registry_value: describe(record),
        reason: 'ambiguous_match',
      });
      count.conflicts++;
      continue;
    }
    claimed.add(match.id);

    const prev = match.registry_data;
    const row: Record<string, unknown> = { id: match.id };
    let sets = 0;
    let conflicted = 0;
    for (const field of spec.fields) {
      const reg = record[field.name] ?? null;
      const loc = match[`f_${field.name}`] ?? null;
      row[field.name] = reg;
      row[`s_${field.name}`] = false;
      if (same(field, reg, loc) || reg === null) continue;
      let change = false;
      let reason: SyncConflictReason | null = null;
      if (prev) {
        const before = prev[field.name] ?? null;
        if (same(field, loc, before)) change = true;
        else if (!same(field, reg, before)) reason = 'both_changed';
      } else if (loc === null) change = true;
      else reason = 'local_differs';
      if (change) {
        row[`s_${field.name}`] = true;
        setFields.add(field.name);
        sets++;
      } else if (reason) {
        conflicts.push({
          local_id: match.id,
          registry_id: record.id,
          field: field.name,
          local_value: loc,
          registry_value: reg,
          reason,
        });
        conflicted++;
      }
    }
    if (!sets && !conflicted && sameData(prev, record)) {
      count.unchanged++;
      continue;
    }
    row.registry_data = record;
    row.touched = sets > 0;
    updates.push(row);
    if (conflicted) count.conflicts++;
    else if (sets) count.updated++;
    else count.unchanged++;
  }

  const columns = (extra: string) => [...spec.fields.map((f) => `${f.name} text`), extra].join(', ');
  if (creates.length) {
    const isClub = spec.entity === 'club';
    const into = [...spec.fields.map((f) => f.column), 'registry_data', 'registry_synced_at'];
    const values = [...spec.fields.map((f) => f.write), 'x.registry_data', 'now()'];
    if (isClub) {
      into.push('registry_id');
      values.push('x.id');
    }
    await tx.execute(sql`INSERT INTO ${sql.raw(spec.table)} (${sql.raw(into.join(', '))})
      SELECT ${sql.raw(values.join(', '))}
      FROM json_to_recordset(${json(creates.map((r) => ({ ...r, registry_data: r })))}::json)
        AS x(${sql.raw(columns('id text, registry_data jsonb'))})`);
  }
  if (updates.length) {
    const sets = spec.fields
      .filter((f) => setFields.has(f.name))
      .map((f) => `${f.column} = CASE WHEN x.s_${f.name} THEN ${f.write} ELSE t.${f.column} END`);
    const flags = spec.fields.map((f) => `s_${f.name} boolean`).join(', ');
    await tx.execute(sql`UPDATE ${sql.raw(spec.table)} AS t SET ${sql.raw(
      [
        ...sets,
        'registry_data = x.registry_data',
        'registry_synced_at = now()',
        'updated_at = CASE WHEN x.touched THEN now() ELSE t.updated_at END',
      ].join(', '),
    )}
      FROM json_to_recordset(${json(updates)}::json)
        AS x(${sql.raw(columns(`id int, ${flags}, registry_data jsonb, touched boolean`))})
      WHERE t.id = x.id`);
  }
  if (conflicts.length) await storeConflicts(tx, spec, conflicts, runId);
  return count;
}

/** New conflicts; one already open for the same record and field is updated instead of listed twice. */
async function storeConflicts(tx: Db, spec: EntitySpec, conflicts: NewConflict[], runId: number) {
  const open = rowsOf<{
    id: number;
    registry_id: string;
    field: string | null;
    local_value: string | null;
    registry_value: string | null;
  }>(
    await tx.execute(sql`SELECT id, registry_id, field, local_value, registry_value FROM sync_conflicts
      WHERE entity = ${spec.entity} AND resolved_at IS NULL
        AND registry_id IN ${list([...new Set(conflicts.map((c) => c.registry_id))])}`),
  );
  const byKey = new Map(open.map((o) => [`${o.registry_id}|${o.field ?? ''}`, o]));
  const inserts: NewConflict[] = [];
  const changed: (NewConflict & { id: number })[] = [];
  for (const c of conflicts) {
    const found = byKey.get(`${c.registry_id}|${c.field ?? ''}`);
    if (!found) inserts.push(c);
    else if (found.local_value !== c.local_value || found.registry_value !== c.registry_value)
      changed.push({ ...c, id: found.id });
  }
  if (inserts.length)
    await tx.execute(sql`INSERT INTO sync_conflicts (run_id, entity, local_id, registry_id, field, local_value, registry_value, reason)
      SELECT ${runId}, ${spec.entity}, x.local_id, x.registry_id, x.field, x.local_value, x.registry_value, x.reason
      FROM json_to_recordset(${json(inserts)}::json)
        AS x(local_id int, registry_id text, field text, local_value text, registry_value text, reason text)`);
  if (changed.length)
    await tx.execute(sql`UPDATE sync_conflicts AS s SET run_id = ${runId}, local_id = x.local_id,
        local_value = x.local_value, registry_value = x.registry_value, reason = x.reason, created_at = now()
      FROM json_to_recordset(${json(changed)}::json)
        AS x(id int, local_id int, local_value text, registry_value text, reason text)
      WHERE s.id = x.id`);
}
