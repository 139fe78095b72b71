import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { CompetitionImport, FeiCompetition, FeiImportKind, FeiPreview, FeiResultList } from '@shared/schemas/fei';
import type { JobRun } from '@shared/schemas/jobs';
import { AppError, fieldError } from '../../app-error';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { UploadStream } from '../../http/multipart';
import { sessionOf } from '../../http/session';
import type { JobHandler, RunRow } from '../../plugins/jobs';
import type { RequestUser } from '../../types';
import { runsToWire } from '../jobs/jobs.routes';
import { assertKnownVenueAccess } from '../venue/venue-access';
import { createFeiClient, type FeiClient } from './fei-client';
import { runTask } from '../../workers/pool';
import { sendBytes } from '../../workers/byte-stream';
import type { FeiEntryFile } from './fei-entry';
import {
  applyShow,
  enrol,
  enter,
  entriesOf,
  previewOf,
  upsertHorses,
  upsertRiders,
  withdraw,
  type EntryRow,
  type StoredPreview,
} from './fei-import';
import { publishedResults, resultsXml } from './fei-results';

/** Rows per step of a commit (each step one transaction, one statement per table). */
export const FEI_CHUNK = 1000;

interface VenueRow {
  id: number;
  name: string;
  fei_id: string | null;
  city: string | null;
  country: string | null;
  currency: string;
  start_date: string | null;
  end_date: string | null;
  legal_name: string | null;
  vat_id: string | null;
  invoice_email: string | null;
}

interface ImportRow {
  id: number;
  venue_id: number;
  kind: FeiImportKind;
  file_name: string;
  /** The file as stored (stored-text.ts): read by parseStored only. */
  body: string;
  preview: StoredPreview;
  status: FeiPreview['status'];
  run_id: number | null;
  created_at: Date | string;
  committed_at: Date | string | null;
}

async function venueOf(db: Db, venueId: number): Promise<VenueRow> {
  const [venue] = rowsOf<VenueRow>(
    await db.execute(sql`SELECT id, name, fei_id, city, country, currency, start_date::text AS start_date,
      end_date::text AS end_date, legal_name, vat_id, invoice_email FROM venues WHERE id = ${venueId}`),
  );
  if (!venue) throw new AppError('not_found');
  return venue;
}

/**
 * A stored import; its file's text (megabytes) only when asked for: a status poll needs none
 * of it, and reading it out of the database is work on the event loop.
 */
async function importOf(db: Db, venueId: number, importId: number, withBody = false): Promise<ImportRow> {
  const body = withBody ? sql`body` : sql`'' AS body`;
  const [row] = rowsOf<ImportRow>(
    await db.execute(sql`SELECT id, venue_id, kind, file_name, ${body}, preview, status, run_id, created_at, committed_at
      FROM fei_imports WHERE id = ${importId} AND venue_id = ${venueId}`),
  );
  if (!row) throw new AppError('not_found');
  return row;
}

/**
 * An entry file read on a worker thread (server/src/workers): an export of thousands of entries
 * takes long enough to stall every other request if read on the event loop. An upload goes to
 * the thread piece by piece as it arrives; an empty one is `file: empty_file`.
 */
async function parseFile(xml: string | UploadStream, masterlist = false, checked = false) {
  if (typeof xml === 'string') return runTask('fei', { xml, masterlist, checked });
  const { stream, transfer, sent } = sendBytes(xml.pieces);
  const parsed = runTask('fei', { xml: stream, masterlist, checked }, transfer);
  // Should the upload fail on its way in, its error is the answer, not the thread's.
  parsed.catch(() => {});
  if (!(await sent)) throw fieldError('file', 'empty_file');
  return parsed;
}

/** A stored file was checked at its upload: read again without the validator. */
const parseStored = async (row: Pick<ImportRow, 'body' | 'kind'>) =>
  (await parseFile(row.body, row.kind === 'masterlist', true)).file;

/** The show of the file must be the venue's (or the venue has none and no other venue has it). */
async function checkShow(db: Db, venue: VenueRow, file: FeiEntryFile): Promise<void> {
  if (venue.fei_id) {
    if (venue.fei_id !== file.show.feiId) throw fieldError('file', 'other_show');
    return;
  }
  const [other] = rowsOf<{ id: number }>(
    await db.execute(sql`SELECT id FROM venues WHERE fei_id = ${file.show.feiId} AND id <> ${venue.id}`),
  );
  if (other) throw fieldError('file', 'other_show');
}

const today = () => new Date().toISOString().slice(0, 10);

/** The steps of a commit: the show and events, then riders, horses, participations, entries, withdrawals in chunks. */
function planOf(file: FeiEntryFile): string[] {
  const chunks = (prefix: string, n: number) =>
    Array.from({ length: Math.ceil(n / FEI_CHUNK) }, (_, i) => `${prefix}:${i}`);
  const entries = file.events.reduce((n, e) => n + e.entries.length, 0);
  return [
    'show',
    ...chunks('riders', file.athletes.length),
    ...chunks('horses', file.horses.length),
    ...chunks('participations', entries),
    ...chunks('entries', entries),
    ...chunks('withdrawals', entries),
  ];
}

export function createFeiService(ctx: AppContext, client: FeiClient = createFeiClient(ctx.config)) {
  const { db } = ctx;

  async function toWire(row: ImportRow): Promise<FeiPreview> {
    let run: JobRun | null = null;
    if (row.run_id !== null) {
      const found = await ctx.jobs.find(row.run_id);
      if (found) run = (await runsToWire(ctx, [found]))[0]!;
    }
    // A run that failed or was cancelled left the import half applied: it may be committed again.
    const status =
      row.status === 'committing' && run && ['failed', 'cancelled'].includes(run.status) ? 'failed' : row.status;
    return {
      id: row.id,
      venue: row.venue_id,
      kind: row.kind,
      status,
      file_name: row.file_name,
      created_at: new Date(row.created_at).toISOString(),
      committed_at: row.committed_at === null ? null : new Date(row.committed_at).toISOString(),
      ...row.preview,
      run,
    };
  }

  /** Parses, checks and previews an entry file, and stores it for the commit. */
  async function store(
    user: RequestUser,
    venueId: number,
    kind: FeiImportKind,
    fileName: string,
    body: string | UploadStream,
  ): Promise<ImportRow> {
    const venue = await venueOf(db, venueId);
    const { file, sha256, stored } = await parseFile(body, kind === 'masterlist');
    await checkShow(db, venue, file);
    const preview = await previewOf(db, venueId, file, venue.fei_id);
    const [row] = rowsOf<ImportRow>(
      await db.execute(sql`INSERT INTO fei_imports (venue_id, kind, file_name, sha256, body, preview, created_by)
        VALUES (${venueId}, ${kind}, ${fileName.slice(0, 200)}, ${sha256}, ${stored}, ${JSON.stringify(preview)}::jsonb, ${user.id})
        RETURNING id, venue_id, kind, file_name, '' AS body, preview, status, run_id, created_at, committed_at`),
    );
    // Not read back: megabytes out of the database for nothing.
    return { ...row!, body: stored };
  }

  /** The entries of a show from the web service, as text that parses (garbage → 502). */
  async function fetchEntries(showId: string): Promise<string> {
    const body = await client.showEntries(showId);
    try {
      await parseFile(body);
    } catch {
      throw new AppError('fei_unavailable');
    }
    return body;
  }

  async function commit(request: FastifyRequest, venueId: number, importId: number): Promise<JobRun> {
    const user = sessionOf(request);
    await assertKnownVenueAccess(db, user, venueId, { office: true });
    const row = await importOf(db, venueId, importId, true);
    if (row.run_id !== null) {
      const run = await ctx.jobs.find(row.run_id);
      // Committed, or being committed: the same run (nothing twice); a failed or cancelled run may start again.
      if (run && (row.status === 'committed' || ['queued', 'running', 'done'].includes(run.status)))
        return (await runsToWire(ctx, [run]))[0]!;
    }
    // The file is read again now: it was checked at upload, and the venue may have changed since.
    const venue = await venueOf(db, venueId);
    await checkShow(db, venue, await parseStored(row));
    const run = await ctx.jobs.start({
      kind: 'fei_import',
      venueId,
      params: { importId },
      userId: user.id,
    });
    await db.execute(sql`UPDATE fei_imports SET status = 'committing', run_id = ${run.id} WHERE id = ${importId}`);
    await ctx.audit.record(request, { action: 'fei.import.commit', details: { import: importId, run: run.id } });
    return (await runsToWire(ctx, [run]))[0]!;
  }

  return {
    async upload(
      request: FastifyRequest,
      venueId: number,
      kind: 'participations' | 'masterlist',
      file: UploadStream,
    ): Promise<FeiPreview> {
      const user = sessionOf(request);
      await assertKnownVenueAccess(db, user, venueId, { office: true });
      const row = await store(user, venueId, kind, file.fileName, file);
      await ctx.audit.record(request, { action: 'fei.import.preview', details: { import: row.id, kind } });
      return toWire(row);
    },

    async get(user: RequestUser, venueId: number, importId: number): Promise<FeiPreview> {
      await assertKnownVenueAccess(db, user, venueId, { office: true });
      return toWire(await importOf(db, venueId, importId));
    },

    commit,

    async fetchFromFei(request: FastifyRequest, venueId: number, showId: string): Promise<FeiPreview> {
      const user = sessionOf(request);
      await assertKnownVenueAccess(db, user, venueId, { office: true });
      const body = await fetchEntries(showId);
      return toWire(await store(user, venueId, 'fei_web', `fei-${showId}.xml`, body));
    },

    async importParticipations(request: FastifyRequest, venueId: number, doCommit: boolean): Promise<FeiPreview> {
      const user = sessionOf(request);
      await assertKnownVenueAccess(db, user, venueId, { office: true });
      const venue = await venueOf(db, venueId);
      if (!venue.fei_id) throw fieldError('fei_id', 'required');
      const row = await store(user, venueId, 'fei_web', `fei-${venue.fei_id}.xml`, await fetchEntries(venue.fei_id));
      if (!doCommit) return toWire(row);
      await commit(request, venueId, row.id);
      return toWire(await importOf(db, venueId, row.id));
    },

    async importCompetitions(request: FastifyRequest, venueId: number, doCommit: boolean): Promise<CompetitionImport> {
      const user = sessionOf(request);
      await assertKnownVenueAccess(db, user, venueId, { office: true });
      const venue = await venueOf(db, venueId);
      if (!venue.fei_id) throw fieldError('fei_id', 'required');
      const schedule = await client.showCompetitions(venue.fei_id);
      const run = async (tx: Db) => {
        const events = new Map(
          rowsOf<{ id: number; fei_id: string }>(
            await tx.execute(
              sql`SELECT id, fei_id FROM venue_event_categories WHERE venue_id = ${venueId} AND fei_id IS NOT NULL`,
            ),
          ).map((e) => [e.fei_id, e.id]),
        );
        const existing = new Map(
          rowsOf<{
            id: number;
            fei_id: string;
            number: string;
            name: string;
            starts_at: Date | string | null;
            rule: string | null;
            height_cm: number | null;
            prize_money_minor: number | string;
            chart: number | string;
          }>(
            await tx.execute(sql`SELECT c.id, c.fei_id, c.number, c.name, c.starts_at, c.rule, c.height_cm, c.prize_money_minor,
                coalesce((SELECT sum(x) FROM unnest(c.prize_chart_minor) AS x), 0) AS chart
              FROM competitions c JOIN venue_event_categories v ON v.id = c.vec_id
              WHERE v.venue_id = ${venueId} AND c.fei_id IS NOT NULL FOR UPDATE OF c`),
          ).map((c) => [c.fei_id, c]),
        );
        const out: FeiCompetition[] = [];
        for (const c of schedule) {
          const vec = events.get(c.EventFEIID);
          const startsAt = c.StartDateTime ? new Date(c.StartDateTime).toISOString() : null;
          const base = {
            fei_id: c.FEIID,
            number: c.No,
            name: c.Name,
            starts_at: startsAt,
            event_fei_id: c.EventFEIID,
            rule: c.Rule ?? null,
            height_cm: c.HeightCm ?? null,
            prize_money: c.PrizeMoney ?? 0,
          };
          const known = existing.get(c.FEIID);
          if (known) {
            // A prize chart above a lower total would break the competition's rule: the total stays then.
            const prize = Number(known.chart) > base.prize_money ? Number(known.prize_money_minor) : base.prize_money;
            const same =
              known.number === base.number &&
              known.name === base.name &&
              (known.starts_at === null ? null : new Date(known.starts_at).toISOString()) === startsAt &&
              known.rule === base.rule &&
              known.height_cm === base.height_cm &&
              Number(known.prize_money_minor) === prize;
            if (!same && doCommit)
              await tx.execute(sql`UPDATE competitions SET number = ${base.number}, name = ${base.name},
                starts_at = ${startsAt}::timestamptz, rule = ${base.rule}, height_cm = ${base.height_cm},
                prize_money_minor = ${prize}, updated_at = now() WHERE id = ${known.id}`);
            out.push({ ...base, action: same ? 'match' : 'update', competition: known.id });
          } else if (vec === undefined) {
            out.push({ ...base, action: 'no_event', competition: null });
          } else {
            let id: number | null = null;
            if (doCommit) {
              const [created] = rowsOf<{ id: number }>(
                await tx.execute(sql`INSERT INTO competitions (vec_id, number, name, starts_at, rule, ranking_rule, height_cm,
                    prize_money_minor, fei_id, discipline)
                  VALUES (${vec}, ${base.number}, ${base.name}, ${startsAt}::timestamptz, ${base.rule},
                    ${c.Ranking ?? (/dressage/i.test(base.rule ?? '') ? 'dressage' : 'table_a')}, ${base.height_cm},
                    ${base.prize_money}, ${base.fei_id}, ${c.Ranking === 'dressage' ? 'dressage' : 'jumping'})
                  RETURNING id`),
              );
              id = created!.id;
            }
            out.push({ ...base, action: 'create', competition: id });
          }
        }
        return out;
      };
      const competitions = doCommit ? await db.transaction(run) : await run(db);
      if (doCommit)
        await ctx.audit.record(request, {
          action: 'fei.competitions.import',
          details: { show: venue.fei_id, count: competitions.length },
        });
      const n = (a: FeiCompetition['action']) => competitions.filter((c) => c.action === a).length;
      return {
        show: venue.fei_id,
        currency: venue.currency,
        committed: doCommit,
        counts: { create: n('create'), match: n('match'), update: n('update'), no_event: n('no_event') },
        competitions,
      };
    },

    async results(user: RequestUser, venueId: number): Promise<FeiResultList> {
      await assertKnownVenueAccess(db, user, venueId, { office: true });
      const venue = await venueOf(db, venueId);
      const list = await publishedResults(db, venueId);
      return {
        show: venue.fei_id,
        results: list.map(({ competition: c, starters, ruleCode, problems }) => ({
          id: c.id,
          number: c.number,
          name: c.name,
          event: c.event_name,
          event_fei_id: c.event_fei_id,
          fei_id: c.fei_id,
          rule: ruleCode,
          problems,
          published_at: new Date(c.published_at).toISOString(),
          starters: starters.length,
          ranked: starters.filter((s) => s.rank !== null).length,
        })),
      };
    },

    async resultsXml(user: RequestUser, venueId: number): Promise<{ fileName: string; body: string }> {
      await assertKnownVenueAccess(db, user, venueId, { office: true });
      const venue = await venueOf(db, venueId);
      const competitions = await publishedResults(db, venueId);
      // The FEI refuses results it cannot file under a competition (FEI id) and a rule: say so
      // here rather than write a file that comes back rejected.
      const incomplete = competitions.filter((c) => c.problems.length);
      if (incomplete.length)
        throw new AppError('fei_results_incomplete', {
          status: 409,
          params: { competitions: incomplete.map((c) => c.competition.number).join(', ') },
        });
      const body = resultsXml({
        generatedAt: new Date(),
        version: ctx.config.version,
        issuer: { name: venue.legal_name ?? venue.name, vatId: venue.vat_id, email: venue.invoice_email },
        show: {
          feiId: venue.fei_id,
          name: venue.name,
          startDate: venue.start_date,
          endDate: venue.end_date,
          city: venue.city,
          country: venue.country,
          currency: venue.currency,
        },
        competitions,
      });
      const show = (venue.fei_id ?? String(venue.id)).replace(/[^A-Za-z0-9_-]/g, '_');
      return { fileName: `results-${show}.xml`, body };
    },
  };
}

/**
 * The commit of an FEI import (job kind fei_import): the file is parsed once per run (kept while
 * the run lasts), each step applies one chunk in its own transaction with set-based statements.
 */
export function feiImportRun(ctx: AppContext): JobHandler {
  const files = new Map<number, Promise<{ file: FeiEntryFile; entries: ReturnType<typeof entriesOf> }>>();
  const planned = new Map<number, FeiEntryFile>();
  const fileOf = (run: RunRow) => {
    let found = files.get(run.id);
    if (!found) {
      found = (async () => {
        const { importId } = run.params as { importId: number };
        // Read once by the plan (same process); after a restart read again.
        const file = planned.get(run.id) ?? (await parseStored(await importOf(ctx.db, run.venueId!, importId, true)));
        planned.delete(run.id);
        // Riders and horses the file names but does not describe must be on record already.
        const riderIds = file.events.flatMap((e) => e.entries.map((x) => x.athlete));
        const horseIds = file.events.flatMap((e) => e.entries.map((x) => x.horse));
        const knownRiders = new Set([
          ...file.athletes.map((a) => a.feiId),
          ...rowsOf<{ fei_id: string }>(
            await ctx.db.execute(
              sql`SELECT fei_id FROM riders WHERE fei_id IN (SELECT json_array_elements_text(${JSON.stringify([...new Set(riderIds)])}::json))`,
            ),
          ).map((r) => r.fei_id),
        ]);
        const knownHorses = new Set([
          ...file.horses.map((h) => h.feiId),
          ...rowsOf<{ fei_id: string }>(
            await ctx.db.execute(
              sql`SELECT fei_id FROM horses WHERE fei_id IN (SELECT json_array_elements_text(${JSON.stringify([...new Set(horseIds)])}::json))`,
            ),
          ).map((r) => r.fei_id),
        ]);
        return { file, entries: entriesOf(file, knownRiders, knownHorses) };
      })();
      files.set(run.id, found);
      found.catch(() => files.delete(run.id));
    }
    return found;
  };
  const slice = <T>(list: T[], key: string) => {
    const i = Number(key.split(':')[1]);
    return list.slice(i * FEI_CHUNK, (i + 1) * FEI_CHUNK);
  };
  const changedCompetitions = new Map<number, Set<number>>();

  return {
    kind: 'fei_import',
    concurrency: 1,
    async plan(run, tx) {
      const { importId } = run.params as { importId: number };
      const file = await parseStored(await importOf(tx, run.venueId!, importId, true));
      planned.set(run.id, file);
      return { keys: planOf(file) };
    },
    async step({ run, key, complete, message }) {
      const venueId = run.venueId!;
      const { file, entries } = await fileOf(run);
      const part = key.split(':')[0];
      const toImport: EntryRow[] = entries
        .filter((e) => e.intent.kind === 'import')
        .map(({ event, rider, horse }) => ({ event, rider, horse }));
      const toWithdraw: EntryRow[] = entries
        .filter((e) => e.intent.kind === 'withdraw')
        .map(({ event, rider, horse }) => ({ event, rider, horse }));
      await complete(async (tx) => {
        switch (part) {
          case 'show': {
            const [venue] = rowsOf<{ fei_id: string | null }>(
              await tx.execute(sql`SELECT fei_id FROM venues WHERE id = ${venueId} FOR UPDATE`),
            );
            if (venue?.fei_id && venue.fei_id !== file.show.feiId) throw fieldError('file', 'other_show');
            const events = await applyShow(tx, venueId, file);
            message('fei_events', { created: events.created, linked: events.linked });
            break;
          }
          case 'riders':
            message('fei_riders', { count: await upsertRiders(tx, slice(file.athletes, key)) });
            break;
          case 'horses':
            message('fei_horses', { count: await upsertHorses(tx, slice(file.horses, key)) });
            break;
          case 'participations': {
            const pairs = slice(toImport, key).map(({ rider, horse }) => ({ rider, horse }));
            if (!pairs.length) return null;
            const [venue] = rowsOf<{ start_date: string | null }>(
              await tx.execute(sql`SELECT start_date::text AS start_date FROM venues WHERE id = ${venueId}`),
            );
            const day = venue?.start_date && venue.start_date > today() ? venue.start_date : today();
            const created = await enrol(tx, venueId, pairs, day);
            message('fei_participations', { riders: created.participations, horses: created.horses });
            break;
          }
          case 'entries': {
            const rows = slice(toImport, key);
            if (!rows.length) return null;
            message('fei_entries', { count: await enter(tx, venueId, rows) });
            break;
          }
          case 'withdrawals': {
            const rows = slice(toWithdraw, key);
            if (!rows.length) return null;
            const result = await withdraw(tx, venueId, rows);
            const changed = changedCompetitions.get(run.id) ?? new Set<number>();
            result.competitions.forEach((c) => changed.add(c));
            changedCompetitions.set(run.id, changed);
            message('fei_withdrawals', { withdrawn: result.withdrawn, blocked: result.blocked });
            break;
          }
          default:
            return null;
        }
        return (run.params as { importId: number }).importId;
      });
    },
    async finish(run, message) {
      const { importId } = run.params as { importId: number };
      files.delete(run.id);
      await ctx.db.execute(
        sql`UPDATE fei_imports SET status = 'committed', committed_at = now() WHERE id = ${importId}`,
      );
      message('fei_committed', {});
      // Start lists that lost withdrawn entries: after their transactions committed.
      for (const competitionId of changedCompetitions.get(run.id) ?? [])
        ctx.live.publish({ venueId: run.venueId!, competitionId, kind: 'startlist' });
      changedCompetitions.delete(run.id);
    },
  };
}
