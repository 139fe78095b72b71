import { z } from 'zod';
import { FEI_RESULT_PROBLEMS } from '../sport/fei-rule';
import { STARTER_STATUSES } from '../sport/ranking';
import { jobRun } from './jobs';

/**
 * FEI entries in, FEI results out (DOMAIN.md "File formats"). Endpoints:
 *   POST /api/v1/venue/{id}/uploadFeiParticipations/  multipart field `file`: an FEI Entry System
 *        export (HorseSport / ShowEntries) → 201 feiPreview (the file is stored, nothing else changes)
 *   POST /api/v1/venue/{id}/uploadFeiMasterlist/      the same for the accepted entries list (every
 *        listed entry counts as accepted unless withdrawn) → 201 feiPreview
 *   POST /api/v1/venue/{id}/fetch_from_fei/ {fei_id}  the show's entries from the FEI web service,
 *        previewed like an upload (kind fei_web) → 201 feiPreview
 *   GET  /api/v1/venue/{id}/feiImport/{importId}/     a stored preview with its state and run
 *   POST /api/v1/venue/{id}/feiImport/{importId}/commit/ → 202 jobRun (kind fei_import) that
 *        applies the preview in steps; committing again answers the same run (nothing twice)
 *   POST /api/v1/venue/{id}/importParticipations/ {commit} the venue's show (its fei_id) from the
 *        web service: commit false → feiPreview; true → feiPreview with the run that commits it
 *   POST /api/v1/venue/{id}/importCompetitions/ {commit} the show's schedule from the web service:
 *        competitionImport (what would be created / updated, or was when commit is true)
 *   GET  /api/v1/venue/{id}/feiResults/               the published competitions the results XML holds
 *   GET  /api/v1/venue/{id}/generateXMLresults/       the FEI results XML (http://www.fei.org/Result)
 *        of the published competitions, as an attachment `results-<show>.xml`
 * Only the venue's show office (organizer, showoffice) and admins. Refusals change nothing:
 * `file: not_xml | empty_file | not_fei_entry | wrong_namespace | other_show`; results XML of a
 * published competition without FEI id or FEI rule code → 409 fei_results_incomplete (the list
 * names them); the web service not answering or
 * answering garbage → 502 fei_unavailable; no web service configured → 409 fei_not_configured.
 *
 * Upserts go by FEI ids (riders, horses, events per venue), so importing the same file twice
 * creates nothing the second time. Only accepted entries are imported; Rejected and Pending are
 * skipped and counted; Withdrawn (or Substituted) removes an existing entry when nothing hangs on
 * it (no result, no charged entry fee), otherwise it is reported as blocked.
 */

export const FEI_IMPORT_KINDS = ['participations', 'masterlist', 'fei_web'] as const;
export type FeiImportKind = (typeof FEI_IMPORT_KINDS)[number];
export const FEI_IMPORT_STATES = ['previewed', 'committing', 'committed', 'failed'] as const;

/** The largest entry file accepted (a big show's export is a few MB). */
export const MAX_FEI_FILE_BYTES = 30 * 1024 * 1024;
/** Rows of each list a preview carries (the counts are always complete). */
export const FEI_PREVIEW_ROWS = 500;

export const FEI_ACTIONS = ['create', 'match', 'update', 'link'] as const;
export type FeiAction = (typeof FEI_ACTIONS)[number];

/** create: a new entry; match: already there; withdraw: removed; withdraw_blocked: results or fees hang on it; skip: not imported. */
export const FEI_ENTRY_ACTIONS = ['create', 'match', 'withdraw', 'withdraw_blocked', 'skip'] as const;
export type FeiEntryAction = (typeof FEI_ENTRY_ACTIONS)[number];
export const FEI_SKIP_REASONS = [
  'rejected',
  'pending',
  'not_accepted',
  'withdrawn_absent',
  'unknown_athlete',
  'unknown_horse',
] as const;

/** Warning codes (translated in fei.json `warning.<code>`), with the record and field concerned. */
export const FEI_WARNINGS = [
  'unknown_element',
  'booleans_converted',
  'malformed_boolean',
  'epochs_converted',
  'malformed_date',
  'missing_id',
  'unknown_athlete',
  'unknown_horse',
  'duplicate_record',
] as const;
export type FeiWarningCode = (typeof FEI_WARNINGS)[number];

export const feiWarning = z.object({
  code: z.enum(FEI_WARNINGS),
  /** e.g. "Athlete 10234567", "Horse 105IG70", an element path. */
  record: z.string(),
  field: z.string().nullable(),
  value: z.string().nullable(),
  count: z.number().int(),
});
export type FeiWarning = z.infer<typeof feiWarning>;

const actionCount = z.object({ create: z.number().int(), match: z.number().int(), update: z.number().int() });

export const feiCounts = z.object({
  riders: actionCount,
  horses: actionCount,
  /** venue_event_categories: match includes events linked to an event of the same category without FEI id. */
  events: actionCount,
  /** Event categories (configuration) created for codes not configured yet. */
  event_categories: z.object({ create: z.number().int() }),
  venue_participations: z.object({ create: z.number().int(), match: z.number().int() }),
  participation_horses: z.object({ create: z.number().int(), match: z.number().int() }),
  entries: z.object({
    create: z.number().int(),
    match: z.number().int(),
    withdraw: z.number().int(),
    withdraw_blocked: z.number().int(),
    skip: z.number().int(),
  }),
});
export type FeiCounts = z.infer<typeof feiCounts>;

export const feiShow = z.object({
  fei_id: z.string(),
  type: z.string().nullable(),
  name: z.string().nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  venue_name: z.string().nullable(),
  country: z.string().nullable(),
  /** The export's time stamp (an epoch in the file), ISO. */
  timestamp: z.string().nullable(),
});

export const feiPreviewRider = z.object({
  fei_id: z.string(),
  name: z.string(),
  nation: z.string().nullable(),
  action: z.enum(FEI_ACTIONS),
});
export const feiPreviewHorse = z.object({
  fei_id: z.string(),
  name: z.string(),
  action: z.enum(FEI_ACTIONS),
});
export const feiPreviewEvent = z.object({
  fei_id: z.string(),
  code: z.string(),
  name: z.string(),
  entries: z.number().int(),
  action: z.enum(FEI_ACTIONS),
});
export const feiPreviewEntry = z.object({
  event: z.string(),
  rider_fei_id: z.string(),
  rider: z.string(),
  horse_fei_id: z.string(),
  horse: z.string(),
  action: z.enum(FEI_ENTRY_ACTIONS),
  reason: z.enum(FEI_SKIP_REASONS).nullable(),
});

export const feiPreview = z.object({
  id: z.number().int(),
  venue: z.number().int(),
  kind: z.enum(FEI_IMPORT_KINDS),
  status: z.enum(FEI_IMPORT_STATES),
  file_name: z.string(),
  created_at: z.string(),
  committed_at: z.string().nullable(),
  show: feiShow,
  /** The venue has no FEI id yet: the commit sets it to the show's. */
  sets_venue_fei_id: z.boolean(),
  counts: feiCounts,
  /** At most FEI_PREVIEW_ROWS each; riders and horses to create or update first. */
  riders: z.array(feiPreviewRider),
  horses: z.array(feiPreviewHorse),
  events: z.array(feiPreviewEvent),
  entries: z.array(feiPreviewEntry),
  warnings: z.array(feiWarning),
  /** The run that commits (or committed) it. */
  run: jobRun.nullable(),
});
export type FeiPreview = z.infer<typeof feiPreview>;

export const importIdParams = z.object({
  id: z.coerce.number({ error: 'invalid' }).int({ error: 'invalid' }).positive({ error: 'invalid' }),
  importId: z.coerce.number({ error: 'invalid' }).int({ error: 'invalid' }).positive({ error: 'invalid' }),
});

/** An FEI show id like 2026_CI_0139 (letters, digits, underscores). */
export const feiShowId = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .max(40, { error: 'too_long' })
  .regex(/^[A-Za-z0-9_]+$/, { error: 'invalid_fei_id' });

export const fetchFromFeiInput = z.object({ fei_id: feiShowId });
export type FetchFromFeiInput = z.infer<typeof fetchFromFeiInput>;

export const commitInput = z.object({ commit: z.boolean({ error: 'invalid' }).default(false) });
export type CommitInput = z.infer<typeof commitInput>;

/** A competition of the show's schedule from the web service, and what the import does with it. */
export const feiCompetition = z.object({
  fei_id: z.string(),
  number: z.string(),
  name: z.string(),
  starts_at: z.string().nullable(),
  event_fei_id: z.string(),
  rule: z.string().nullable(),
  height_cm: z.number().int().nullable(),
  prize_money: z.number().int(),
  /** no_event: its event is not at the venue yet (import the participations first). */
  action: z.enum(['create', 'match', 'update', 'no_event']),
  competition: z.number().int().nullable(),
});
export type FeiCompetition = z.infer<typeof feiCompetition>;

export const competitionImport = z.object({
  show: z.string(),
  currency: z.string(),
  committed: z.boolean(),
  counts: z.object({
    create: z.number().int(),
    match: z.number().int(),
    update: z.number().int(),
    no_event: z.number().int(),
  }),
  competitions: z.array(feiCompetition),
});
export type CompetitionImport = z.infer<typeof competitionImport>;

/** A published competition of the results XML. */
export const feiResultCompetition = z.object({
  id: z.number().int(),
  number: z.string(),
  name: z.string(),
  event: z.string(),
  event_fei_id: z.string().nullable(),
  fei_id: z.string().nullable(),
  /** The FEI rule code the XML writes (238.2.2, 239, a dressage test), null when the rule text names none. */
  rule: z.string().nullable(),
  /** Why the FEI would refuse it (no_fei_id, no_fei_rule): the XML is not written while any competition has one. */
  problems: z.array(z.enum(FEI_RESULT_PROBLEMS)),
  published_at: z.string(),
  starters: z.number().int(),
  ranked: z.number().int(),
});
export const feiResultList = z.object({
  show: z.string().nullable(),
  results: z.array(feiResultCompetition),
});
export type FeiResultList = z.infer<typeof feiResultList>;

/** The statuses the results XML writes (`Position/@Status`). */
export const FEI_RESULT_STATUSES = STARTER_STATUSES;
