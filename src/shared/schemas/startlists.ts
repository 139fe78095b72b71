import { z } from 'zod';
import { RANKING_RULES } from '../sport/ranking';
import { DISCIPLINES } from './configuration';
import { MAX_ID, requiredOrInvalid } from './common';

/**
 * Entries and start lists. The venue's show office (admin, organizer, showoffice
 * of the venue; policy `startlist.manage`):
 *
 *   GET  /api/v1/venue/{id}/startlists/              → startlistOverview: competitions by event, entry counts
 *   GET  /api/v1/competition/{id}/startlist/         → startList: summary + entries in order, withdrawn after
 *   GET  /api/v1/competition/{id}/startlist.pdf      the printable start list
 *   GET  /api/v1/competition/{id}/candidates/        → entryCandidate[]: riders + horses of the venue not entered
 *   POST /api/v1/competition/{id}/entries/           entryInput → 201 startListEntry (fee posted once; late after the draw)
 *   POST /api/v1/competition/{id}/entries/fromEvent/ → { created, list }: every VEC participation of the event not entered
 *   POST /api/v1/competitionEntry/{id}/withdraw/     → startListEntry (fee reversed before the deadline; twice changes nothing)
 *   POST /api/v1/competition/{id}/draw/              drawInput → startList (refused `has_results`)
 *   PUT  /api/v1/competition/{id}/order/             orderInput → startList (exactly the entered entries; starters
 *                                                      with a result keep their place: `has_results`)
 *
 * POST entries, fromEvent, withdraw and draw take an optional Idempotency-Key.
 */

const idInput = z
  .number({ error: requiredOrInvalid })
  .int({ error: 'invalid' })
  .positive({ error: 'invalid' })
  .max(MAX_ID, { error: 'invalid' });

export const ENTRY_STATUSES = ['entered', 'withdrawn'] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];

/** A VEC participation (rider + horse in the event), or a rider's venue participation and one of their horses there. */
export const entryInput = z
  .object({
    vec_participation: idInput.optional(),
    venue_participation: idInput.optional(),
    horse: idInput.optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.vec_participation !== undefined) {
      if (value.venue_participation !== undefined || value.horse !== undefined)
        ctx.addIssue({ code: 'custom', path: ['vec_participation'], message: 'not_allowed' });
      return;
    }
    if (value.venue_participation === undefined)
      ctx.addIssue({ code: 'custom', path: ['venue_participation'], message: 'required' });
    if (value.horse === undefined) ctx.addIssue({ code: 'custom', path: ['horse'], message: 'required' });
  });
export type EntryInput = z.infer<typeof entryInput>;

/** The largest seed: a 31-bit integer (it is stored in an `integer` column). */
export const MAX_SEED = 2_147_483_647;

export const drawInput = z
  .object({
    seed: z
      .number({ error: 'invalid' })
      .int({ error: 'invalid' })
      .min(0, { error: 'too_small' })
      .max(MAX_SEED, { error: 'too_big' })
      .optional(),
    /** How far apart one rider's horses must start (1: not one after the other). */
    gap: z
      .number({ error: 'invalid' })
      .int({ error: 'invalid' })
      .min(0, { error: 'too_small' })
      .max(20, { error: 'too_big' })
      .default(1),
  })
  .strict();
export type DrawInput = z.input<typeof drawInput>;

export const orderInput = z
  .object({
    entries: z.array(idInput, { error: requiredOrInvalid }).max(10_000, { error: 'too_big' }),
  })
  .strict();
export type OrderInput = z.infer<typeof orderInput>;

export const startListCompetition = z.object({
  id: z.number().int(),
  venue: z.number().int(),
  vec: z.number().int(),
  vec_name: z.string(),
  number: z.string(),
  name: z.string(),
  starts_at: z.string().nullable(),
  arena: z.string().nullable(),
  discipline: z.enum(DISCIPLINES),
  ranking_rule: z.enum(RANKING_RULES),
  height_cm: z.number().int().nullable(),
  start_interval_seconds: z.number().int(),
  entry_deadline: z.string().nullable(),
  entry_fee: z.number().int(),
  currency: z.string(),
  /** The venue's time zone (IANA): start times are shown in it, wherever the device is. */
  time_zone: z.string(),
  draw_seed: z.number().int().nullable(),
  drawn_at: z.string().nullable(),
  published_at: z.string().nullable(),
});
export type StartListCompetition = z.infer<typeof startListCompetition>;

export const startListEntry = z.object({
  id: z.number().int(),
  competition: z.number().int(),
  /** 1-based; null before the list is ordered and for a withdrawn entry. */
  start_order: z.number().int().nullable(),
  /** starts_at + (order − 1) × interval; null without a start time or an order. */
  start_time: z.string().nullable(),
  rider: z.object({ id: z.number().int(), name: z.string(), nationality: z.string().nullable() }),
  horse: z.object({ id: z.number().int(), name: z.string(), fei_id: z.string().nullable() }),
  head_number: z.number().int().nullable(),
  status: z.enum(ENTRY_STATUSES),
  late: z.boolean(),
  entry_fee: z.number().int(),
  fee_transaction: z.number().int().nullable(),
  fee_reversal: z.number().int().nullable(),
  has_result: z.boolean(),
  vec_participation: z.number().int().nullable(),
  venue_participation: z.number().int(),
  withdrawn_at: z.string().nullable(),
});
export type StartListEntry = z.infer<typeof startListEntry>;

export const startList = z.object({
  competition: startListCompetition,
  /** Entered entries in the order of go, then the withdrawn ones. */
  entries: z.array(startListEntry),
  /** After a draw: places where one rider's horses could not be kept apart. */
  conflicts: z.number().int().optional(),
});
export type StartList = z.infer<typeof startList>;

export const fromEventResult = z.object({ created: z.number().int(), list: startList });
export type FromEventResult = z.infer<typeof fromEventResult>;

export const entryCandidate = z.object({
  venue_participation: z.number().int(),
  vec_participation: z.number().int().nullable(),
  rider: z.object({ id: z.number().int(), name: z.string() }),
  horse: z.object({ id: z.number().int(), name: z.string() }),
  head_number: z.number().int().nullable(),
});
export type EntryCandidate = z.infer<typeof entryCandidate>;
export const entryCandidates = z.array(entryCandidate);

export const startlistOverview = z.object({
  venue: z.number().int(),
  events: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      competitions: z.array(
        z.object({
          id: z.number().int(),
          number: z.string(),
          name: z.string(),
          starts_at: z.string().nullable(),
          arena: z.string().nullable(),
          entries: z.number().int(),
          withdrawn: z.number().int(),
          drawn_at: z.string().nullable(),
        }),
      ),
    }),
  ),
});
export type StartlistOverview = z.infer<typeof startlistOverview>;

/**
 * A start time as a start list shows it, in the venue's time zone: the clock (14:05) on the day
 * the competition starts, the date with it on a later day (a long class running past midnight:
 * "2.6. 00:10"), so 00:10 never reads as the morning before.
 */
export function startTimeText(at: string | null, startsAt: string | null, timeZone: string, language: string): string {
  if (!at) return '';
  const instant = new Date(at);
  const safe = (options: Intl.DateTimeFormatOptions) => {
    try {
      return new Intl.DateTimeFormat(language, { ...options, timeZone }).format(instant);
    } catch {
      return new Intl.DateTimeFormat(language, options).format(instant);
    }
  };
  const clock = safe({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const day = (d: Date) => {
    try {
      return new Intl.DateTimeFormat('en-CA', { timeZone }).format(d);
    } catch {
      return new Intl.DateTimeFormat('en-CA').format(d);
    }
  };
  if (!startsAt || day(instant) === day(new Date(startsAt))) return clock;
  return `${safe({ day: 'numeric', month: 'numeric' })} ${clock}`;
}
