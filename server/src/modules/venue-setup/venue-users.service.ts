import { and, asc, count, eq, isNull, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ListQuery } from '@shared/schemas/pagination';
import { isRole, type Role } from '@shared/roles';
import { VENUE_STAFF_ROLES, type VenueUser } from '@shared/schemas/venue-setup';
import { AppError, fieldError } from '../../app-error';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { pageOf } from '../../http/pagination';
import { sessionOf } from '../../http/session';
import { assertManagesVenue } from '../venue/venue-access';
import type { UserRow } from '../user/user.repo';
import { createUserRepo } from '../user/user.repo';
import { createVenueRepo } from '../venue/venue.repo';

type StaffRole = (typeof VENUE_STAFF_ROLES)[number];

const toVenueUser = (u: UserRow): VenueUser => ({
  id: u.id,
  username: u.username,
  first_name: u.firstName,
  last_name: u.lastName,
  email: u.email,
  roles: u.roles.filter(isRole),
});

/** The organizers and floor staff of a venue: users whose assigned venue it is. */
export function createVenueUsersService(ctx: AppContext) {
  const userRepo = createUserRepo(ctx.db);
  const venues = createVenueRepo(ctx.db);

  /** 404 for an unknown venue, then 403 unless the caller sets this venue up. */
  async function managedVenue(request: FastifyRequest, id: number): Promise<void> {
    if (!(await venues.findById(id))) throw new AppError('not_found');
    assertManagesVenue(sessionOf(request), id);
  }

  return {
    async list(
      request: FastifyRequest,
      venueId: number,
      query: ListQuery,
    ): Promise<{ count: number; results: VenueUser[] }> {
      await managedVenue(request, venueId);
      const where = eq(users.assignedVenueId, venueId);
      const [total] = await ctx.db.select({ n: count() }).from(users).where(where);
      const page = pageOf(query);
      const rows = await ctx.db
        .select()
        .from(users)
        .where(where)
        .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
        .limit(page.limit)
        .offset(page.offset);
      return { count: total?.n ?? 0, results: rows.map(toVenueUser) };
    },

    /**
     * The accounts the caller may take on as staff, found by exact username or e-mail (any case):
     * not working for another venue, and for an organizer staff accounts only (the rule of
     * `assign`). A partial value finds nobody, so the list tells nothing about other people.
     */
    async candidates(
      request: FastifyRequest,
      venueId: number,
      q: string,
    ): Promise<{ count: number; results: VenueUser[] }> {
      await managedVenue(request, venueId);
      const admin = sessionOf(request).roles.includes('admin');
      const value = q.trim().toLowerCase();
      const rows = await ctx.db
        .select()
        .from(users)
        .where(
          and(
            or(sql`lower(${users.username}) = ${value}`, sql`lower(${users.email}) = ${value}`),
            or(isNull(users.assignedVenueId), eq(users.assignedVenueId, venueId)),
          ),
        )
        .orderBy(asc(users.id))
        .limit(5);
      const staffOnly = (u: UserRow) => u.roles.every((r) => (VENUE_STAFF_ROLES as readonly string[]).includes(r));
      const results = rows.filter((u) => admin || staffOnly(u)).map(toVenueUser);
      return { count: results.length, results };
    },

    /** Assigns the venue and adds the roles; a user assigned elsewhere moves here. */
    async assign(
      request: FastifyRequest,
      venueId: number,
      input: { user: number; roles: StaffRole[] },
    ): Promise<VenueUser> {
      await managedVenue(request, venueId);
      const caller = sessionOf(request);
      const updated = await ctx.db.transaction(async (tx) => {
        const user = await userRepo.findById(input.user, tx);
        if (!user) throw fieldError('user', 'does_not_exist');
        if (!caller.roles.includes('admin')) {
          // Moving someone from another show's staff is the admin's call: an organizer would
          // otherwise take away another venue's organizer or floor staff.
          if (user.assignedVenueId !== null && user.assignedVenueId !== venueId) {
            throw fieldError('user', 'assigned_elsewhere');
          }
          // An organizer takes on staff accounts only: a rider's, an official's or a merchant's
          // account (found by its id) would otherwise answer that person's contact details to a
          // show they have nothing to do with, and give their account the show's roles.
          const staffOnly = user.roles.every((r) => (VENUE_STAFF_ROLES as readonly string[]).includes(r));
          if (!staffOnly) throw fieldError('user', 'not_allowed');
        }
        const roles = [...new Set<Role>([...user.roles.filter(isRole), ...input.roles])];
        const row = await userRepo.update(user.id, { assignedVenueId: venueId, roles }, tx);
        const movedFrom =
          user.assignedVenueId !== null && user.assignedVenueId !== venueId ? user.assignedVenueId : null;
        await ctx.audit.record(
          request,
          {
            action: 'venue.user.assign',
            targetUserId: user.id,
            details: { venue: venueId, roles: input.roles, moved_from_venue: movedFrom },
          },
          tx,
        );
        return row!;
      });
      return toVenueUser(updated);
    },

    /** Clears the assignment and takes the venue-bound roles away. */
    async unassign(request: FastifyRequest, venueId: number, userId: number): Promise<void> {
      await managedVenue(request, venueId);
      await ctx.db.transaction(async (tx) => {
        const [user] = await tx
          .select()
          .from(users)
          .where(and(eq(users.id, userId), eq(users.assignedVenueId, venueId)));
        if (!user) throw new AppError('not_found');
        const removed = user.roles.filter((r) => (VENUE_STAFF_ROLES as readonly string[]).includes(r));
        const roles = user.roles.filter((r) => !removed.includes(r));
        await userRepo.update(user.id, { assignedVenueId: null, roles }, tx);
        await ctx.audit.record(
          request,
          { action: 'venue.user.unassign', targetUserId: user.id, details: { venue: venueId, removed_roles: removed } },
          tx,
        );
      });
    },
  };
}
