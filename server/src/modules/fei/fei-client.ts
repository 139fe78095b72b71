import { z } from 'zod';
import { AppError, fieldError } from '../../app-error';
import type { Config } from '../../config';

/*
 * The FEI's web service behind an adapter. Base URL and credentials come from the
 * environment (FEI_API_URL, FEI_API_USER, FEI_API_PASSWORD; HTTP Basic). Two calls:
 *   GET {base}/shows/{showId}/entries       the show's entries: an FEI Entry System export (XML)
 *   GET {base}/shows/{showId}/competitions  the show's schedule, JSON:
 *     { "ShowFEIID": "2026_CI_0139", "Competitions": [ { "FEIID": "2026_CI_0139_S_S_01_01",
 *       "No": "1", "Name": "Grand Prix", "StartDateTime": "2026-06-11T09:00:00+02:00",
 *       "EventFEIID": "2026_CI_0139_S_S_01", "Rule": "Table A, 238.2.1",
 *       "Ranking": "table_a" | "table_a_jump_off" | "two_phases" | "table_c" | "dressage" (optional),
 *       "HeightCm": 130, "PrizeMoney": "5000.00" } ] }
 * A service that does not answer (10 s), answers an error or garbage → 502 fei_unavailable; an
 * unknown show (404) → field fei_id: does_not_exist; no URL configured → 409 fei_not_configured.
 * tests/fei-double/ serves both calls for the tests.
 */

const TIMEOUT_MS = 10_000;
/** The largest answer read (a big show's entries are a few MB). */
const MAX_BYTES = 30 * 1024 * 1024;

const decimal = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(String(v).trim());
  if (!m) {
    ctx.addIssue({ code: 'custom', message: 'invalid amount' });
    return z.NEVER;
  }
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
});

export const scheduleCompetition = z.object({
  FEIID: z.string().min(1).max(60),
  No: z.union([z.string(), z.number()]).transform(String).pipe(z.string().min(1).max(20)),
  Name: z.string().min(1).max(200),
  StartDateTime: z.iso.datetime({ offset: true }).nullable().optional(),
  EventFEIID: z.string().min(1).max(60),
  Rule: z.string().max(200).nullable().optional(),
  Ranking: z.enum(['table_a', 'table_a_jump_off', 'two_phases', 'table_c', 'dressage']).optional(),
  HeightCm: z.number().int().min(0).max(300).nullable().optional(),
  PrizeMoney: decimal.optional(),
});
export type ScheduleCompetition = z.infer<typeof scheduleCompetition>;

const schedule = z.object({ ShowFEIID: z.string(), Competitions: z.array(scheduleCompetition).max(2000) });

export interface FeiClient {
  /** The show's entries as the FEI Entry System exports them (XML text). */
  showEntries(showId: string): Promise<string>;
  showCompetitions(showId: string): Promise<ScheduleCompetition[]>;
}

export function createFeiClient(config: Config): FeiClient {
  async function get(path: string, accept: string): Promise<string> {
    const fei = config.fei;
    if (!fei) throw new AppError('fei_not_configured');
    const headers: Record<string, string> = { accept };
    if (fei.user)
      headers.authorization = `Basic ${Buffer.from(`${fei.user}:${fei.password ?? ''}`).toString('base64')}`;
    let response: Response;
    try {
      response = await fetch(`${fei.url.replace(/\/+$/, '')}${path}`, {
        headers,
        signal: AbortSignal.timeout(TIMEOUT_MS),
        redirect: 'error',
      });
    } catch {
      throw new AppError('fei_unavailable');
    }
    if (response.status === 404) throw fieldError('fei_id', 'does_not_exist');
    if (!response.ok) throw new AppError('fei_unavailable');
    try {
      const body = await response.arrayBuffer();
      if (body.byteLength > MAX_BYTES) throw new AppError('fei_unavailable');
      return Buffer.from(body).toString('utf8');
    } catch {
      throw new AppError('fei_unavailable');
    }
  }

  return {
    showEntries: (showId) => get(`/shows/${encodeURIComponent(showId)}/entries`, 'application/xml'),
    async showCompetitions(showId) {
      const text = await get(`/shows/${encodeURIComponent(showId)}/competitions`, 'application/json');
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new AppError('fei_unavailable');
      }
      const result = schedule.safeParse(parsed);
      if (!result.success || result.data.ShowFEIID !== showId) throw new AppError('fei_unavailable');
      return result.data.Competitions;
    },
  };
}
