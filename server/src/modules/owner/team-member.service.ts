import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { OwnerType, TeamMember, teamMemberInput } from '@shared/schemas/owner';
import { AppError, fieldError } from '../../app-error';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { teamMembers as tm, venues } from '../../db/schema';
import { sessionOf } from '../../http/session';
import { createInviteService } from '../invite/invite.service';
import { createInviteRepo } from '../invite/invite.repo';
import { partyName } from '../ledger/names';
import { ownerFor, type Owner } from './owner-access';

type Input = Partial<z.output<typeof teamMemberInput>>;
type Row = typeof tm.$inferSelect;

const toWire = (row: Row, venueName: string | null): TeamMember => ({
  id: row.id,
  owner_type: row.ownerType as OwnerType,
  owner_id: row.ownerId,
  venue: row.venueId,
  venue_name: venueName,
  role: row.role as TeamMember['role'],
  first_name: row.firstName,
  last_name: row.lastName,
  email: row.email,
  phone: row.phone,
  status: row.status as TeamMember['status'],
  joined_at: row.joinedAt?.toISOString() ?? null,
  attendee: row.attendeeId,
});

const columnsOf = (input: Input) => ({
  venueId: input.venue,
  role: input.role,
  firstName: input.first_name,
  lastName: input.last_name,
  email: input.email,
  phone: input.phone === undefined ? undefined : input.phone || null,
});

/** The people an owner brings to shows; each is invited by a one-time link and joins. */
export function createTeamMemberService(ctx: AppContext) {
  const invites = createInviteService(ctx);
  const inviteRepo = createInviteRepo(ctx.db);

  async function rows(where: SQL, tx: Db = ctx.db) {
    return tx
      .select({ row: tm, venueName: venues.name, ownerName: partyName(tm.ownerType, tm.ownerId) })
      .from(tm)
      .leftJoin(venues, eq(venues.id, tm.venueId))
      .where(where)
      .orderBy(asc(tm.lastName), asc(tm.firstName), asc(tm.id));
  }

  async function one(id: number, tx: Db = ctx.db): Promise<TeamMember> {
    const [found] = await rows(eq(tm.id, id), tx);
    if (!found) throw new AppError('not_found');
    return toWire(found.row, found.venueName);
  }

  /** The member and its owner as the signed-in user may reach them; else 404. */
  async function reach(request: FastifyRequest, id: number): Promise<{ row: Row; owner: Owner }> {
    const [row] = await ctx.db.select().from(tm).where(eq(tm.id, id));
    if (!row) throw new AppError('not_found');
    return { row, owner: await ownerFor(ctx.db, sessionOf(request), row.ownerType as OwnerType, row.ownerId) };
  }

  async function assertVenue(venue: number | undefined, tx: Db): Promise<void> {
    if (venue === undefined) return;
    const [row] = await tx.select({ id: venues.id }).from(venues).where(eq(venues.id, venue));
    if (!row) throw fieldError('venue', 'does_not_exist');
  }

  /** A new link for the member, e-mailed after the transaction. */
  async function invite(request: FastifyRequest, row: Row, tx: Db): Promise<() => void> {
    const owner = await inviteRepo.ownerName(row.ownerType as OwnerType, row.ownerId, tx);
    return invites.issue(
      request,
      { purpose: 'team_member', email: row.email, venueId: row.venueId, teamMemberId: row.id },
      { name: row.firstName, owner },
      tx,
    );
  }

  return {
    async list(request: FastifyRequest, type: OwnerType, id: number) {
      const owner = await ownerFor(ctx.db, sessionOf(request), type, id);
      const found = await rows(and(eq(tm.ownerType, owner.type), eq(tm.ownerId, owner.id))!);
      return { count: found.length, results: found.map((r) => toWire(r.row, r.venueName)) };
    },

    /** Where the signed-in user joined a team. */
    async mine(request: FastifyRequest) {
      const found = await rows(eq(tm.userId, sessionOf(request).id));
      return {
        count: found.length,
        results: found.map((r) => ({ ...toWire(r.row, r.venueName), owner_name: r.ownerName ?? '' })),
      };
    },

    async create(request: FastifyRequest, type: OwnerType, id: number, input: Input): Promise<TeamMember> {
      const owner = await ownerFor(ctx.db, sessionOf(request), type, id);
      const { member, send } = await ctx.db.transaction(async (tx) => {
        await assertVenue(input.venue, tx);
        const [row] = await tx
          .insert(tm)
          .values({ ...columnsOf(input), ownerType: owner.type, ownerId: owner.id } as typeof tm.$inferInsert)
          .returning();
        const sendMail = await invite(request, row!, tx);
        await ctx.audit.record(
          request,
          { action: 'teamMember.create', details: { id: row!.id, owner_type: owner.type, owner_id: owner.id } },
          tx,
        );
        return { member: await one(row!.id, tx), send: sendMail };
      });
      send();
      return member;
    },

    async get(request: FastifyRequest, id: number): Promise<TeamMember> {
      await reach(request, id);
      return one(id);
    },

    async update(request: FastifyRequest, id: number, input: Input): Promise<TeamMember> {
      await reach(request, id);
      return ctx.db.transaction(async (tx) => {
        await assertVenue(input.venue, tx);
        const columns = columnsOf(input);
        if (Object.values(columns).some((v) => v !== undefined)) {
          await tx.update(tm).set(columns).where(eq(tm.id, id));
        }
        await ctx.audit.record(
          request,
          { action: 'teamMember.update', details: { id, fields: Object.keys(input) } },
          tx,
        );
        return one(id, tx);
      });
    },

    async remove(request: FastifyRequest, id: number): Promise<void> {
      await reach(request, id);
      await ctx.db.transaction(async (tx) => {
        await tx.delete(tm).where(eq(tm.id, id));
        await ctx.audit.record(request, { action: 'teamMember.delete', details: { id } }, tx);
      });
    },

    /** A new link; the earlier ones stop working. A member who joined needs none. */
    async resendInvite(request: FastifyRequest, id: number): Promise<TeamMember> {
      const { row } = await reach(request, id);
      if (row.status === 'joined') throw new AppError('conflict');
      const send = await ctx.db.transaction(async (tx) => {
        const sendMail = await invite(request, row, tx);
        await ctx.audit.record(request, { action: 'teamMember.invite', details: { id } }, tx);
        return sendMail;
      });
      send();
      return one(id);
    },
  };
}
