import { sql } from 'drizzle-orm';
import {
  FEI_PREVIEW_ROWS,
  type FeiAction,
  type FeiCounts,
  type FeiPreview,
  type FeiWarning,
} from '@shared/schemas/fei';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { FeiAthleteRecord, FeiEntryFile, FeiEventRecord, FeiHorseRecord } from './fei-entry';

/*
 * What an FEI entry file does to a venue: the preview (read only) and the set-based
 * steps of its commit. Riders and horses are upserted by FEI id, events by (venue, FEI id) — an
 * event of the venue without FEI id in the same event category is linked instead of duplicated —,
 * then the venue participations, their horses and the VEC participations (the entries) with
 * INSERT … SELECT FROM json_to_recordset … ON CONFLICT DO NOTHING: running a step twice, or
 * committing the same file again, adds nothing.
 */

/** The part of the preview stored with the import (the wire adds the row's id, state and run). */
export type StoredPreview = Pick<
  FeiPreview,
  'show' | 'sets_venue_fei_id' | 'counts' | 'riders' | 'horses' | 'events' | 'entries' | 'warnings'
>;

export interface EntryRow {
  event: string;
  rider: string;
  horse: string;
}

/** An entry's fate before the database is asked: imported, withdrawn, or skipped for a reason. */
type Intent =
  | { kind: 'import' }
  | { kind: 'withdraw' }
  | { kind: 'skip'; reason: 'rejected' | 'pending' | 'not_accepted' | 'unknown_athlete' | 'unknown_horse' };

const json = (value: unknown) => sql`${JSON.stringify(value)}::json`;
const idList = (ids: readonly string[]) => sql`(SELECT json_array_elements_text(${json(ids)}))`;

/** FEI discipline names → Paddock's disciplines (event_categories.discipline). */
export function disciplineOf(name: string | null): string {
  const d = (name ?? '').toLowerCase();
  for (const known of ['jumping', 'dressage', 'eventing', 'driving', 'endurance', 'vaulting', 'reining'])
    if (d.includes(known)) return known;
  return d === 's' ? 'jumping' : d === 'd' ? 'dressage' : 'other';
}

const eventName = (e: FeiEventRecord) => (e.category ? `${e.code} ${e.category}` : e.code);

/** The entries of the file, one per (event, rider, horse) (the last one wins), with their intent. */
export function entriesOf(file: FeiEntryFile, knownRiders: Set<string>, knownHorses: Set<string>) {
  const out = new Map<string, EntryRow & { intent: Intent }>();
  for (const event of file.events) {
    for (const e of event.entries) {
      let intent: Intent;
      if (!knownRiders.has(e.athlete)) intent = { kind: 'skip', reason: 'unknown_athlete' };
      else if (!knownHorses.has(e.horse)) intent = { kind: 'skip', reason: 'unknown_horse' };
      else if (e.withdrawn) intent = { kind: 'withdraw' };
      else if (e.rejected) intent = { kind: 'skip', reason: 'rejected' };
      else if (e.pending && !e.accepted) intent = { kind: 'skip', reason: 'pending' };
      else if (!e.accepted) intent = { kind: 'skip', reason: 'not_accepted' };
      else intent = { kind: 'import' };
      out.set(`${event.feiId}|${e.athlete}|${e.horse}`, {
        event: event.feiId,
        rider: e.athlete,
        horse: e.horse,
        intent,
      });
    }
  }
  return [...out.values()];
}

interface ExistingRider {
  fei_id: string;
  first_name: string;
  last_name: string;
  nationality: string | null;
  birth_date: string | null;
  national_id: string | null;
}
interface ExistingHorse {
  fei_id: string;
  name: string;
  national_id: string | null;
  chip_id: string | null;
  sex: string | null;
  birth_year: number | null;
  colour: string | null;
  bedding: string | null;
  owner_name: string | null;
}

const changed = <T>(incoming: T | null, current: T | null) => incoming !== null && incoming !== current;

function riderAction(a: FeiAthleteRecord, r: ExistingRider | undefined): FeiAction {
  if (!r) return 'create';
  return (a.firstName && a.firstName !== r.first_name) ||
    (a.lastName && a.lastName !== r.last_name) ||
    changed(a.nation, r.nationality) ||
    changed(a.birthDate, r.birth_date) ||
    changed(a.nationalId, r.national_id)
    ? 'update'
    : 'match';
}

function horseAction(h: FeiHorseRecord, r: ExistingHorse | undefined): FeiAction {
  if (!r) return 'create';
  return h.name !== r.name ||
    changed(h.nationalId, r.national_id) ||
    changed(h.chipId, r.chip_id) ||
    changed(h.sex, r.sex) ||
    changed(h.birthYear, r.birth_year) ||
    changed(h.colour, r.colour) ||
    changed(h.bedding, r.bedding) ||
    changed(h.ownerName, r.owner_name)
    ? 'update'
    : 'match';
}

interface VecRow {
  id: number;
  fei_id: string | null;
  code: string;
}

/**
 * Where each event of the file goes at the venue: the event with its FEI id, else the first event
 * without FEI id of the same category (linked), else a new one. Returns file event id → vec id (or null: create).
 */
export function placeEvents(events: FeiEventRecord[], vecs: VecRow[]) {
  const byFei = new Map(vecs.filter((v) => v.fei_id).map((v) => [v.fei_id!, v]));
  const free = vecs.filter((v) => !v.fei_id);
  const place = new Map<string, { vec: number | null; action: FeiAction }>();
  for (const e of events) {
    const known = byFei.get(e.feiId);
    if (known) {
      place.set(e.feiId, { vec: known.id, action: 'match' });
      continue;
    }
    const i = free.findIndex((v) => v.code === e.code);
    if (i >= 0) {
      place.set(e.feiId, { vec: free[i]!.id, action: 'link' });
      free.splice(i, 1);
    } else place.set(e.feiId, { vec: null, action: 'create' });
  }
  return place;
}

async function vecsOf(db: Db, venueId: number): Promise<VecRow[]> {
  return rowsOf<VecRow>(
    await db.execute(sql`SELECT v.id, v.fei_id, c.code FROM venue_event_categories v
      JOIN event_categories c ON c.id = v.event_category_id WHERE v.venue_id = ${venueId} ORDER BY v.id`),
  );
}

/** Sorts what changes first, then by name; keeps FEI_PREVIEW_ROWS. */
function firstRows<T extends { action: string }>(rows: T[], order: readonly string[], name: (r: T) => string): T[] {
  return rows
    .map((r, i) => ({ r, i }))
    .sort(
      (a, b) =>
        order.indexOf(a.r.action) - order.indexOf(b.r.action) || name(a.r).localeCompare(name(b.r)) || a.i - b.i,
    )
    .slice(0, FEI_PREVIEW_ROWS)
    .map(({ r }) => r);
}

/** What committing `file` at the venue would create, match, update and withdraw (reads only). */
export async function previewOf(
  db: Db,
  venueId: number,
  file: FeiEntryFile,
  venueFeiId: string | null,
): Promise<StoredPreview> {
  const warnings: FeiWarning[] = [...file.warnings];
  const athletes = new Map(file.athletes.map((a) => [a.feiId, a]));
  const horsesInFile = new Map(file.horses.map((h) => [h.feiId, h]));
  const riderIds = new Set([...athletes.keys(), ...file.events.flatMap((e) => e.entries.map((x) => x.athlete))]);
  const horseIds = new Set([...horsesInFile.keys(), ...file.events.flatMap((e) => e.entries.map((x) => x.horse))]);

  const existingRiders = new Map(
    rowsOf<ExistingRider>(
      await db.execute(sql`SELECT fei_id, first_name, last_name, nationality, birth_date::text AS birth_date, national_id
        FROM riders WHERE fei_id IN ${idList([...riderIds])}`),
    ).map((r) => [r.fei_id, r]),
  );
  const existingHorses = new Map(
    rowsOf<ExistingHorse>(
      await db.execute(sql`SELECT fei_id, name, national_id, chip_id, sex, birth_year, colour, bedding, owner_name
        FROM horses WHERE fei_id IN ${idList([...horseIds])}`),
    ).map((h) => [h.fei_id, h]),
  );

  const riders = file.athletes.map((a) => ({
    fei_id: a.feiId,
    name: `${a.firstName} ${a.lastName}`.trim(),
    nation: a.nation,
    action: riderAction(a, existingRiders.get(a.feiId)),
  }));
  const horses = file.horses.map((h) => ({
    fei_id: h.feiId,
    name: h.name,
    action: horseAction(h, existingHorses.get(h.feiId)),
  }));

  const knownRiders = new Set([...athletes.keys(), ...existingRiders.keys()]);
  const knownHorses = new Set([...horsesInFile.keys(), ...existingHorses.keys()]);
  const rows = entriesOf(file, knownRiders, knownHorses);
  for (const r of rows) {
    if (r.intent.kind === 'skip' && r.intent.reason === 'unknown_athlete')
      warnings.push({ code: 'unknown_athlete', record: `Event ${r.event}`, field: 'FEIID', value: r.rider, count: 1 });
    if (r.intent.kind === 'skip' && r.intent.reason === 'unknown_horse')
      warnings.push({ code: 'unknown_horse', record: `Event ${r.event}`, field: 'FEIID', value: r.horse, count: 1 });
  }

  const vecs = await vecsOf(db, venueId);
  const place = placeEvents(file.events, vecs);
  const codes = [...new Set(file.events.map((e) => e.code))];
  const knownCodes = new Set(
    rowsOf<{ code: string }>(
      await db.execute(sql`SELECT code FROM event_categories WHERE code IN ${idList(codes)}`),
    ).map((r) => r.code),
  );
  const eventsCreated = new Set(file.events.filter((e) => place.get(e.feiId)?.vec === null).map((e) => e.code));

  // The venue's entries, participations and horses of riders and horses with FEI ids.
  const existingEntries = new Map(
    rowsOf<{ vec_id: number; rider: string; horse: string; blocked: boolean }>(
      await db.execute(sql`SELECT e.vec_id, r.fei_id AS rider, h.fei_id AS horse,
          EXISTS (SELECT 1 FROM competition_entries ce WHERE ce.vec_participation_id = e.id
            AND (ce.result_status IS NOT NULL OR (ce.fee_transaction_id IS NOT NULL AND ce.fee_reversal_id IS NULL))) AS blocked
        FROM vec_participations e
        JOIN venue_participations vp ON vp.id = e.venue_participation_id
        JOIN riders r ON r.id = vp.rider_id
        JOIN horses h ON h.id = e.horse_id
        WHERE vp.venue_id = ${venueId} AND r.fei_id IS NOT NULL AND h.fei_id IS NOT NULL`),
    ).map((e) => [`${e.vec_id}|${e.rider}|${e.horse}`, e.blocked]),
  );
  const atVenue = new Set(
    rowsOf<{ fei_id: string }>(
      await db.execute(sql`SELECT r.fei_id FROM venue_participations vp JOIN riders r ON r.id = vp.rider_id
        WHERE vp.venue_id = ${venueId} AND r.fei_id IS NOT NULL`),
    ).map((r) => r.fei_id),
  );
  const horsesAtVenue = new Set(
    rowsOf<{ rider: string; horse: string }>(
      await db.execute(sql`SELECT r.fei_id AS rider, h.fei_id AS horse FROM participation_horses ph
        JOIN venue_participations vp ON vp.id = ph.venue_participation_id
        JOIN riders r ON r.id = vp.rider_id JOIN horses h ON h.id = ph.horse_id
        WHERE ph.venue_id = ${venueId} AND r.fei_id IS NOT NULL AND h.fei_id IS NOT NULL`),
    ).map((p) => `${p.rider}|${p.horse}`),
  );

  const name = (id: string) => {
    const a = athletes.get(id);
    const r = existingRiders.get(id);
    return a ? `${a.firstName} ${a.lastName}`.trim() : r ? `${r.first_name} ${r.last_name}`.trim() : id;
  };
  const horseName = (id: string) => horsesInFile.get(id)?.name ?? existingHorses.get(id)?.name ?? id;

  const entryCounts = { create: 0, match: 0, withdraw: 0, withdraw_blocked: 0, skip: 0 };
  const importRiders = new Set<string>();
  const importPairs = new Set<string>();
  const entries = rows.map((r) => {
    const vec = place.get(r.event)?.vec ?? null;
    const key = vec === null ? null : `${vec}|${r.rider}|${r.horse}`;
    const exists = key !== null && existingEntries.has(key);
    let action: FeiPreview['entries'][number]['action'];
    let reason: FeiPreview['entries'][number]['reason'] = null;
    if (r.intent.kind === 'skip') {
      action = 'skip';
      reason = r.intent.reason;
    } else if (r.intent.kind === 'withdraw') {
      if (!exists) {
        action = 'skip';
        reason = 'withdrawn_absent';
      } else action = existingEntries.get(key) ? 'withdraw_blocked' : 'withdraw';
    } else {
      action = exists ? 'match' : 'create';
      importRiders.add(r.rider);
      importPairs.add(`${r.rider}|${r.horse}`);
    }
    entryCounts[action] += 1;
    return {
      event: r.event,
      rider_fei_id: r.rider,
      rider: name(r.rider),
      horse_fei_id: r.horse,
      horse: horseName(r.horse),
      action,
      reason,
    };
  });

  const count = <T extends { action: string }>(list: T[]) => ({
    create: list.filter((x) => x.action === 'create').length,
    match: list.filter((x) => x.action === 'match' || x.action === 'link').length,
    update: list.filter((x) => x.action === 'update').length,
  });
  const events = file.events.map((e) => ({
    fei_id: e.feiId,
    code: e.code,
    name: eventName(e),
    entries: e.entries.length,
    action: place.get(e.feiId)!.action,
  }));
  const counts: FeiCounts = {
    riders: count(riders),
    horses: count(horses),
    events: count(events),
    event_categories: { create: [...eventsCreated].filter((c) => !knownCodes.has(c)).length },
    venue_participations: {
      create: [...importRiders].filter((r) => !atVenue.has(r)).length,
      match: [...importRiders].filter((r) => atVenue.has(r)).length,
    },
    participation_horses: {
      create: [...importPairs].filter((p) => !horsesAtVenue.has(p)).length,
      match: [...importPairs].filter((p) => horsesAtVenue.has(p)).length,
    },
    entries: entryCounts,
  };

  return {
    show: {
      fei_id: file.show.feiId,
      type: file.show.type,
      name: file.show.name,
      start_date: file.show.startDate,
      end_date: file.show.endDate,
      venue_name: file.show.venueName,
      country: file.show.country,
      timestamp: file.show.timestamp,
    },
    sets_venue_fei_id: venueFeiId === null,
    counts,
    riders: firstRows(riders, ['create', 'update', 'match'], (r) => r.name),
    horses: firstRows(horses, ['create', 'update', 'match'], (h) => h.name),
    events,
    entries: firstRows(entries, ['withdraw', 'withdraw_blocked', 'create', 'skip', 'match'], (e) => e.event + e.rider),
    warnings,
  };
}

// ———————————————————————————————————— the commit's steps ————————————————————————————————————

/** The venue takes the show's FEI id (when it has none); event categories and events are created or linked. */
export async function applyShow(tx: Db, venueId: number, file: FeiEntryFile) {
  await tx.execute(sql`UPDATE venues SET fei_id = ${file.show.feiId}, updated_at = now()
    WHERE id = ${venueId} AND fei_id IS NULL`);
  await tx.execute(sql`INSERT INTO event_categories (code, name, discipline)
    SELECT code, name, discipline FROM json_to_recordset(${json(
      file.events.map((e) => ({ code: e.code, name: eventName(e), discipline: disciplineOf(e.discipline) })),
    )}) AS x(code text, name text, discipline text)
    ON CONFLICT (code) DO NOTHING`);
  const place = placeEvents(file.events, await vecsOf(tx, venueId));
  let created = 0;
  let linked = 0;
  for (const e of file.events) {
    const p = place.get(e.feiId)!;
    if (p.action === 'link') {
      await tx.execute(
        sql`UPDATE venue_event_categories SET fei_id = ${e.feiId}, updated_at = now() WHERE id = ${p.vec}`,
      );
      linked += 1;
    } else if (p.action === 'create') {
      await tx.execute(sql`INSERT INTO venue_event_categories (venue_id, event_category_id, name, fei_id)
        SELECT ${venueId}, id, ${eventName(e)}, ${e.feiId} FROM event_categories WHERE code = ${e.code}
        ON CONFLICT (venue_id, fei_id) WHERE fei_id IS NOT NULL DO NOTHING`);
      created += 1;
    }
  }
  return { created, linked };
}

/** Upserts riders by FEI id: names, nation, birth date and national id from the file (empty values keep what is known). */
export async function upsertRiders(tx: Db, athletes: FeiAthleteRecord[]): Promise<number> {
  const rows = athletes.map((a) => ({
    fei_id: a.feiId,
    first_name: a.firstName,
    last_name: a.lastName,
    nationality: a.nation,
    birth_date: a.birthDate,
    national_id: a.nationalId,
  }));
  const result =
    await tx.execute(sql`INSERT INTO riders (fei_id, first_name, last_name, nationality, birth_date, national_id)
    SELECT fei_id, first_name, last_name, nationality, birth_date::date, national_id
    FROM json_to_recordset(${json(rows)}) AS x(fei_id text, first_name text, last_name text, nationality text, birth_date text, national_id text)
    ON CONFLICT (fei_id) DO UPDATE SET
      first_name = CASE WHEN excluded.first_name <> '' THEN excluded.first_name ELSE riders.first_name END,
      last_name = CASE WHEN excluded.last_name <> '' THEN excluded.last_name ELSE riders.last_name END,
      nationality = coalesce(excluded.nationality, riders.nationality),
      birth_date = coalesce(excluded.birth_date, riders.birth_date),
      national_id = coalesce(excluded.national_id, riders.national_id),
      updated_at = now()
    WHERE (riders.first_name, riders.last_name, riders.nationality, riders.birth_date, riders.national_id) IS DISTINCT FROM
      (CASE WHEN excluded.first_name <> '' THEN excluded.first_name ELSE riders.first_name END,
       CASE WHEN excluded.last_name <> '' THEN excluded.last_name ELSE riders.last_name END,
       coalesce(excluded.nationality, riders.nationality), coalesce(excluded.birth_date, riders.birth_date),
       coalesce(excluded.national_id, riders.national_id))
    RETURNING id`);
  return rowsOf(result).length;
}

/** Upserts horses by FEI id (the FEI id kept as text); empty values keep what is known. */
export async function upsertHorses(tx: Db, list: FeiHorseRecord[]): Promise<number> {
  const rows = list.map((h) => ({
    fei_id: h.feiId,
    name: h.name,
    national_id: h.nationalId,
    chip_id: h.chipId,
    sex: h.sex,
    birth_year: h.birthYear,
    colour: h.colour,
    bedding: h.bedding,
    owner_name: h.ownerName,
  }));
  const keep = (c: string) => sql.raw(`coalesce(excluded.${c}, horses.${c})`);
  const result =
    await tx.execute(sql`INSERT INTO horses (fei_id, name, national_id, chip_id, sex, birth_year, colour, bedding, owner_name)
    SELECT fei_id, name, national_id, chip_id, sex, birth_year, colour, bedding, owner_name
    FROM json_to_recordset(${json(rows)}) AS x(fei_id text, name text, national_id text, chip_id text, sex text,
      birth_year int, colour text, bedding text, owner_name text)
    ON CONFLICT (fei_id) DO UPDATE SET name = excluded.name, national_id = ${keep('national_id')},
      chip_id = ${keep('chip_id')}, sex = ${keep('sex')}, birth_year = ${keep('birth_year')}, colour = ${keep('colour')},
      bedding = ${keep('bedding')}, owner_name = ${keep('owner_name')}, updated_at = now()
    WHERE (horses.name, horses.national_id, horses.chip_id, horses.sex, horses.birth_year, horses.colour, horses.bedding, horses.owner_name)
      IS DISTINCT FROM (excluded.name, ${keep('national_id')}, ${keep('chip_id')}, ${keep('sex')}, ${keep('birth_year')},
        ${keep('colour')}, ${keep('bedding')}, ${keep('owner_name')})
    RETURNING id`);
  return rowsOf(result).length;
}

/**
 * Venue participations of the riders (payer by the employment rule on `day`, DOMAIN.md "Payer",
 * as server/src/modules/participation/payer.ts) and their horses. Returns what was created.
 */
export async function enrol(tx: Db, venueId: number, pairs: { rider: string; horse: string }[], day: string) {
  const riders = [...new Set(pairs.map((p) => p.rider))];
  const participations =
    await tx.execute(sql`INSERT INTO venue_participations (venue_id, rider_id, payer_type, payer_id)
    SELECT ${venueId}, r.id, CASE WHEN e.employer_id IS NULL THEN 'rider' ELSE 'employer' END, coalesce(e.employer_id, r.id)
    FROM riders r
    LEFT JOIN LATERAL (SELECT em.employer_id FROM employments em
      WHERE r.employment_status = 'EMPLOYED' AND em.rider_id = r.id AND em.status = 'confirmed'
        AND (em.date_from IS NULL OR em.date_from <= ${day}::date) AND (em.date_to IS NULL OR em.date_to >= ${day}::date)
      ORDER BY em.date_from DESC, em.id DESC LIMIT 1) e ON true
    WHERE r.fei_id IN ${idList(riders)}
    ON CONFLICT (venue_id, rider_id) DO NOTHING
    RETURNING id`);
  const horses = await tx.execute(sql`INSERT INTO participation_horses (venue_participation_id, venue_id, horse_id)
    SELECT DISTINCT vp.id, ${venueId}::int, h.id
    FROM json_to_recordset(${json(pairs)}) AS p(rider text, horse text)
    JOIN riders r ON r.fei_id = p.rider
    JOIN horses h ON h.fei_id = p.horse
    JOIN venue_participations vp ON vp.venue_id = ${venueId} AND vp.rider_id = r.id
    ON CONFLICT (venue_participation_id, horse_id) DO NOTHING
    RETURNING id`);
  return { participations: rowsOf(participations).length, horses: rowsOf(horses).length };
}

/** The entries (VEC participations, entry fee: the event's default), once each. */
export async function enter(tx: Db, venueId: number, rows: EntryRow[]): Promise<number> {
  const result =
    await tx.execute(sql`INSERT INTO vec_participations (vec_id, venue_participation_id, horse_id, entry_fee_minor)
    SELECT DISTINCT ON (v.id, vp.id, h.id) v.id, vp.id, h.id, v.default_entry_fee_minor
    FROM json_to_recordset(${json(rows)}) AS p(event text, rider text, horse text)
    JOIN venue_event_categories v ON v.venue_id = ${venueId} AND v.fei_id = p.event
    JOIN riders r ON r.fei_id = p.rider
    JOIN horses h ON h.fei_id = p.horse
    JOIN venue_participations vp ON vp.venue_id = ${venueId} AND vp.rider_id = r.id
    ON CONFLICT ON CONSTRAINT vec_participations_key DO NOTHING
    RETURNING id`);
  return rowsOf(result).length;
}

/**
 * Withdrawals: an entry on which nothing hangs (no result, no entry fee charged and not reversed)
 * is removed with its start-list places; the others stay and are reported. Returns the counts and
 * the competitions whose start lists changed.
 */
export async function withdraw(tx: Db, venueId: number, rows: EntryRow[]) {
  const targets = rowsOf<{ id: number; blocked: boolean }>(
    await tx.execute(sql`SELECT e.id, EXISTS (SELECT 1 FROM competition_entries ce WHERE ce.vec_participation_id = e.id
        AND (ce.result_status IS NOT NULL OR (ce.fee_transaction_id IS NOT NULL AND ce.fee_reversal_id IS NULL))) AS blocked
      FROM json_to_recordset(${json(rows)}) AS p(event text, rider text, horse text)
      JOIN venue_event_categories v ON v.venue_id = ${venueId} AND v.fei_id = p.event
      JOIN riders r ON r.fei_id = p.rider
      JOIN horses h ON h.fei_id = p.horse
      JOIN venue_participations vp ON vp.venue_id = ${venueId} AND vp.rider_id = r.id
      JOIN vec_participations e ON e.vec_id = v.id AND e.venue_participation_id = vp.id AND e.horse_id = h.id
      FOR UPDATE OF e`),
  );
  const free = targets.filter((t) => !t.blocked).map((t) => t.id);
  let competitions: number[] = [];
  if (free.length) {
    const ids = sql`(SELECT value::int FROM json_array_elements_text(${json(free)}))`;
    competitions = rowsOf<{ competition_id: number }>(
      await tx.execute(
        sql`DELETE FROM competition_entries WHERE vec_participation_id IN ${ids} RETURNING competition_id`,
      ),
    ).map((r) => r.competition_id);
    await tx.execute(sql`DELETE FROM vec_participations WHERE id IN ${ids}`);
  }
  return { withdrawn: free.length, blocked: targets.length - free.length, competitions: [...new Set(competitions)] };
}
