import type { FastifyRequest } from 'fastify';
import { DISCIPLINES } from '@shared/schemas/configuration';
import type { ListQuery } from '@shared/schemas/pagination';
import type { Competition } from '@shared/schemas/venue-setup';
import type { KnockDownSeconds, RankingRule } from '@shared/sport/ranking';
import { AppError, fieldError } from '../../app-error';
import type { AppContext } from '../../context';
import { pageOf } from '../../http/pagination';
import type { RequestUser } from '../../types';
import { sessionOf } from '../../http/session';
import { assertManagesVenue, assertVenueAccess } from '../venue/venue-access';
import { listVenue } from '../venue/venue-scope';
import { createCompetitionRepo, type CompetitionRow, type NewCompetition } from './competition.repo';
import { createVecRepo } from './vec.repo';

type Discipline = (typeof DISCIPLINES)[number];

interface CompetitionFields {
  vec?: number;
  number?: string;
  name?: string;
  starts_at?: string | null;
  discipline?: Discipline;
  rule?: string | null;
  height_cm?: number | null;
  entry_fee?: number;
  prize_money?: number;
  prize_distribution_bp?: number[];
  arena?: string | null;
  ranking_rule?: RankingRule;
  knock_down_seconds?: KnockDownSeconds;
  prize_chart?: number[];
  start_interval_seconds?: number;
  entry_deadline?: string | null;
  fei_id?: string | null;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;
const dateOrNull = (value: string | null | undefined) =>
  value === undefined ? undefined : value ? new Date(value) : null;
const textOrNull = (value: string | null | undefined) => (value === undefined ? undefined : value || null);

const toCompetition = (row: CompetitionRow): Competition => ({
  id: row.id,
  venue: row.venueId,
  vec: row.vecId,
  number: row.number,
  name: row.name,
  starts_at: row.startsAt?.toISOString() ?? null,
  discipline: (DISCIPLINES as readonly string[]).includes(row.discipline) ? (row.discipline as Discipline) : 'other',
  rule: row.rule,
  height_cm: row.heightCm,
  entry_fee: row.entryFeeMinor,
  prize_money: row.prizeMoneyMinor,
  prize_distribution_bp: row.prizeDistributionBp,
  arena: row.arena,
  ranking_rule: row.rankingRule,
  knock_down_seconds: row.knockDownSeconds === 3 ? 3 : 4,
  prize_chart: row.prizeChartMinor,
  start_interval_seconds: row.startIntervalSeconds,
  entry_deadline: iso(row.entryDeadline),
  draw_seed: row.drawSeed,
  drawn_at: iso(row.drawnAt),
  published_at: iso(row.publishedAt),
  fei_id: row.feiId,
});

const columnsOf = (input: CompetitionFields): Partial<NewCompetition> => ({
  vecId: input.vec,
  number: input.number,
  name: input.name,
  startsAt: dateOrNull(input.starts_at),
  discipline: input.discipline,
  rule: input.rule === undefined ? undefined : input.rule || null,
  heightCm: input.height_cm,
  entryFeeMinor: input.entry_fee,
  prizeMoneyMinor: input.prize_money,
  prizeDistributionBp: input.prize_distribution_bp,
  arena: textOrNull(input.arena),
  rankingRule: input.ranking_rule,
  knockDownSeconds: input.knock_down_seconds,
  prizeChartMinor: input.prize_chart,
  startIntervalSeconds: input.start_interval_seconds,
  entryDeadline: dateOrNull(input.entry_deadline),
  feiId: textOrNull(input.fei_id),
});

/** Competitions of a venue's events: number, name, time, rule, fees and prize money. */
export function createCompetitionService(ctx: AppContext) {
  const repo = createCompetitionRepo(ctx.db);
  const vecs = createVecRepo(ctx.db);

  /** Shares up to 100 %; a chart of amounts up to the total prize money. */
  function checkDistribution(fields: CompetitionFields, current?: CompetitionRow): void {
    const shares = fields.prize_distribution_bp;
    if (shares && shares.reduce((sum, bp) => sum + bp, 0) > 10_000) {
      throw fieldError('prize_distribution_bp', 'too_big');
    }
    const chart = fields.prize_chart ?? current?.prizeChartMinor ?? [];
    const total = fields.prize_money ?? current?.prizeMoneyMinor ?? 0;
    if (chart.reduce((sum, amount) => sum + amount, 0) > total) throw fieldError('prize_chart', 'prize_over_total');
  }

  async function existing(id: number): Promise<CompetitionRow> {
    const row = await repo.findById(id);
    if (!row) throw new AppError('not_found');
    return row;
  }

  return {
    async list(
      user: RequestUser,
      query: ListQuery & { venue?: number; vec?: number },
    ): Promise<{ count: number; results: Competition[] }> {
      const venueId = listVenue(user, query.venue, { office: true });
      const { count, rows } = await repo.list({ venueId, vecId: query.vec }, pageOf(query));
      return { count, results: rows.map(toCompetition) };
    },

    async get(user: RequestUser, id: number): Promise<Competition> {
      const row = await existing(id);
      assertVenueAccess(user, row.venueId, { office: true });
      return toCompetition(row);
    },

    async create(request: FastifyRequest, input: CompetitionFields & { vec: number }): Promise<Competition> {
      const event = await vecs.findById(input.vec);
      if (!event) throw fieldError('vec', 'does_not_exist');
      assertManagesVenue(sessionOf(request), event.venueId);
      checkDistribution(input);
      const id = await ctx.db.transaction(async (tx) => {
        const created = await repo.insert(columnsOf(input) as NewCompetition, tx);
        await ctx.audit.record(request, { action: 'competition.create', details: { id: created, ...input } }, tx);
        return created;
      });
      return toCompetition(await existing(id));
    },

    /** Moving a competition to another event stays within the venue. */
    async update(request: FastifyRequest, id: number, patch: CompetitionFields): Promise<Competition> {
      const current = await existing(id);
      assertManagesVenue(sessionOf(request), current.venueId);
      if (patch.vec !== undefined && patch.vec !== current.vecId) {
        const target = await vecs.findById(patch.vec);
        if (!target) throw fieldError('vec', 'does_not_exist');
        if (target.venueId !== current.venueId) throw fieldError('vec', 'not_at_venue');
      }
      checkDistribution(patch, current);
      await ctx.db.transaction(async (tx) => {
        if (!(await repo.update(id, columnsOf(patch), tx))) throw new AppError('not_found');
        await ctx.audit.record(request, { action: 'competition.update', details: { id, ...patch } }, tx);
      });
      return toCompetition(await existing(id));
    },

    async delete(request: FastifyRequest, id: number): Promise<void> {
      assertManagesVenue(sessionOf(request), (await existing(id)).venueId);
      await ctx.db.transaction(async (tx) => {
        if (!(await repo.delete(id, tx))) throw new AppError('not_found');
        await ctx.audit.record(request, { action: 'competition.delete', details: { id } }, tx);
      });
    },
  };
}
