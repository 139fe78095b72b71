import { and, eq, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { addEmployeeInput, Employment, endEmploymentInput } from '@shared/schemas/people';
import { AppError, fieldError } from '../../app-error';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { employers, employments, riders } from '../../db/schema';
import { sessionOf } from '../../http/session';
import type { RequestUser } from '../../types';
import { ownerFor, ownProfile } from '../owner/owner-access';
import { createEmploymentRepo, type EmploymentRow } from './employment.repo';

type Answer = 'confirm' | 'cancel';

/**
 * Employment (spec §4): the employer adds a rider (pending), the rider confirms or cancels, the
 * employer ends a confirmed one with date_to. The rider's employment status follows.
 */
export function createEmploymentService(ctx: AppContext) {
  const repo = createEmploymentRepo(ctx.db);

  /**
   * The rider whose employment the caller reads and which employments they see: their own rider
   * profile (default) or, for an admin, any rider — all of it; an employer only its own
   * employments of the rider, and only of a rider it ever employed. Anyone else: 404.
   */
  async function readable(user: RequestUser, riderId?: number): Promise<{ riderId: number; scope?: SQL }> {
    if (riderId === undefined) return { riderId: (await ownProfile(ctx.db, user, 'rider')).id };
    const [rider] = await ctx.db
      .select({ id: riders.id, userId: riders.userId })
      .from(riders)
      .where(eq(riders.id, riderId));
    if (!rider) throw new AppError('not_found');
    const own = rider.userId === user.id && user.roles.includes('rider');
    if (own || user.roles.includes('admin')) return { riderId };
    if (user.roles.includes('employer')) {
      const [employer] = await ctx.db.select({ id: employers.id }).from(employers).where(eq(employers.userId, user.id));
      const scope = eq(employments.employerId, employer?.id ?? 0);
      if ((await repo.list(and(eq(employments.riderId, riderId), scope))).length) return { riderId, scope };
    }
    throw new AppError('not_found');
  }

  /** Locks an employment the caller may change; others' read as missing. */
  async function lockFor(tx: Db, user: RequestUser, id: number, side: 'rider' | 'employer'): Promise<EmploymentRow> {
    const row = await repo.lock(id, tx);
    if (!row) throw new AppError('not_found');
    if (side === 'employer') await ownerFor(tx, user, 'employer', row.employerId);
    else if ((await ownProfile(tx, user, 'rider')).id !== row.riderId) throw new AppError('not_found');
    return row;
  }

  async function answer(request: FastifyRequest, id: number, how: Answer): Promise<Employment> {
    return ctx.db.transaction(async (tx) => {
      const row = await lockFor(tx, sessionOf(request), id, 'rider');
      if (row.status !== 'pending') throw fieldError('employmentId', 'not_pending');
      if (how === 'confirm') {
        const others = await repo.open(row.riderId, undefined, tx);
        if (others.some((e) => e.status === 'confirmed')) throw fieldError('employmentId', 'already_employed');
        await tx.update(riders).set({ employmentStatus: 'EMPLOYED' }).where(eq(riders.id, row.riderId));
      }
      const status = how === 'confirm' ? 'confirmed' : 'cancelled';
      await tx.update(employments).set({ status }).where(eq(employments.id, id));
      await ctx.audit.record(
        request,
        { action: `employment.${how}`, details: { id, rider: row.riderId, employer: row.employerId } },
        tx,
      );
      return repo.get(id, tx);
    });
  }

  return {
    async employees(user: RequestUser, employerId: number) {
      await ownerFor(ctx.db, user, 'employer', employerId);
      const results = await repo.list(eq(employments.employerId, employerId));
      return { count: results.length, results };
    },

    async add(request: FastifyRequest, input: z.infer<typeof addEmployeeInput>): Promise<Employment> {
      const employer = await ownerFor(ctx.db, sessionOf(request), 'employer', input.employer);
      return ctx.db.transaction(async (tx) => {
        const [rider] = await tx.select({ id: riders.id }).from(riders).where(eq(riders.id, input.rider)).for('update');
        if (!rider) throw fieldError('rider', 'does_not_exist');
        if ((await repo.open(rider.id, employer.id, tx)).length) throw fieldError('rider', 'already_employed');
        const [created] = await tx
          .insert(employments)
          .values({ employerId: employer.id, riderId: rider.id, status: 'pending', dateFrom: input.date_from ?? null })
          .returning({ id: employments.id });
        const id = created!.id;
        await ctx.audit.record(
          request,
          { action: 'employment.add', details: { id, rider: rider.id, employer: employer.id } },
          tx,
        );
        return repo.get(id, tx);
      });
    },

    /** Ends a confirmed employment; a second end answers 409 already_ended. */
    async end(request: FastifyRequest, input: z.infer<typeof endEmploymentInput>): Promise<Employment> {
      return ctx.db.transaction(async (tx) => {
        const row = await lockFor(tx, sessionOf(request), input.employmentId, 'employer');
        if (row.status === 'ended') {
          throw new AppError('conflict', { fields: { employmentId: ['already_ended'] } });
        }
        if (row.status !== 'confirmed') throw fieldError('employmentId', 'not_allowed');
        if (row.dateFrom !== null && input.date_to < row.dateFrom) throw fieldError('date_to', 'too_small');
        await tx.update(employments).set({ status: 'ended', dateTo: input.date_to }).where(eq(employments.id, row.id));
        await repo.settleStatus(row.riderId, row.id, tx);
        await ctx.audit.record(
          request,
          { action: 'employment.end', details: { id: row.id, rider: row.riderId, date_to: input.date_to } },
          tx,
        );
        return repo.get(row.id, tx);
      });
    },

    confirm: (request: FastifyRequest, id: number) => answer(request, id, 'confirm'),
    cancel: (request: FastifyRequest, id: number) => answer(request, id, 'cancel'),

    async status(user: RequestUser, riderId?: number) {
      const { riderId: id, scope } = await readable(user, riderId);
      const [rider] = await ctx.db.select({ status: riders.employmentStatus }).from(riders).where(eq(riders.id, id));
      const open = await repo.list(and(eq(employments.riderId, id), scope));
      const current = open.find((e) => e.status === 'confirmed' && (e.date_to === null || e.date_to >= today()));
      return { status: rider!.status, employment: current ?? open.find((e) => e.status === 'pending') ?? null };
    },

    async history(user: RequestUser, riderId?: number): Promise<{ results: Employment[] }> {
      const { riderId: id, scope } = await readable(user, riderId);
      return { results: await repo.list(and(eq(employments.riderId, id), scope)) };
    },
  };
}

const today = () => new Date().toISOString().slice(0, 10);
