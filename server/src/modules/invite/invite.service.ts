import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { INVITE_VALID_DAYS, type InviteInfo, type InvitePurpose, type OwnerType } from '@shared/schemas/owner';
import { AppError, fieldError } from '../../app-error';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { attendees, users, venues } from '../../db/schema';
import { sessionOf } from '../../http/session';
import { newLinkToken, sha256 } from '../../security/random-tokens';
import { createAttendeeRepo } from '../floor/attendee.repo';
import { assertVenueAccess } from '../venue/venue-access';
import { renderInviteMail } from './invite-mail';
import { createInviteRepo, type InviteRow } from './invite.repo';
import { joinTeam, memberOfInvite } from './team-join';

const LINK_PATH: Record<InvitePurpose, string> = {
  team_member: '/team-membership-invite/',
  attendee: '/attendee-invite/',
};

/** Team membership and attendee invitations: one-time links by e-mail, checked and accepted. */
export function createInviteService(ctx: AppContext) {
  const repo = createInviteRepo(ctx.db);
  const attendeeRepo = createAttendeeRepo(ctx.db);

  const venueName = async (id: number | null, tx: Db = ctx.db) => {
    if (id === null) return null;
    const [row] = await tx.select({ name: venues.name }).from(venues).where(eq(venues.id, id));
    return row?.name ?? null;
  };

  /**
   * A new link for a team member or an attendee (earlier ones stop working), e-mailed in the
   * inviter's language once `tx` has committed: call the returned function then.
   */
  async function issue(
    request: FastifyRequest,
    invite: {
      purpose: InvitePurpose;
      email: string;
      venueId: number | null;
      teamMemberId?: number;
      attendeeId?: number;
    },
    mail: { name: string; owner: string },
    tx: Db,
  ): Promise<() => void> {
    const inviter = sessionOf(request);
    await repo.expireOpen(invite, tx);
    const token = newLinkToken();
    await repo.insert(
      {
        ...invite,
        tokenHash: sha256(token),
        createdByUserId: inviter.id,
        expiresAt: new Date(Date.now() + INVITE_VALID_DAYS * 86_400_000),
      },
      tx,
    );
    const [sender] = await tx.select({ language: users.language }).from(users).where(eq(users.id, inviter.id));
    const link = `${ctx.config.publicUrl}${LINK_PATH[invite.purpose]}?token=${encodeURIComponent(token)}`;
    const venue = (await venueName(invite.venueId, tx)) ?? '';
    const message = renderInviteMail(invite.purpose, sender?.language ?? '', {
      ...mail,
      venue,
      days: INVITE_VALID_DAYS,
      link,
    });
    return () => ctx.mailer.send({ to: invite.email, ...message });
  }

  /** The invite of a token, whatever its state; unknown → link_invalid. */
  async function find(token: string): Promise<InviteRow> {
    const invite = await repo.findByHash(sha256(token));
    if (!invite) throw new AppError('link_invalid');
    return invite;
  }

  return {
    issue,

    async check(token: string): Promise<InviteInfo> {
      const invite = await find(token);
      const state = { used: invite.usedAt !== null, expired: invite.expiresAt.getTime() <= Date.now() };
      const venue = { venue: invite.venueId, venue_name: await venueName(invite.venueId) };
      if (invite.purpose === 'team_member') {
        const member = await memberOfInvite(ctx.db, invite);
        return {
          purpose: 'team_member',
          email: invite.email,
          ...venue,
          invited_by: await repo.ownerName(member.ownerType as OwnerType, member.ownerId),
          role: member.role,
          first_name: member.firstName,
          last_name: member.lastName,
          ...state,
        };
      }
      const [attendee] = await ctx.db
        .select()
        .from(attendees)
        .where(eq(attendees.id, invite.attendeeId ?? 0));
      if (!attendee) throw new AppError('link_invalid');
      return {
        purpose: 'attendee',
        email: invite.email,
        ...venue,
        invited_by: venue.venue_name ?? '',
        role: attendee.role,
        first_name: attendee.firstName,
        last_name: attendee.lastName,
        ...state,
      };
    },

    async accept(request: FastifyRequest, token: string) {
      const user = sessionOf(request);
      const invite = await find(token);
      if (invite.usedAt) throw new AppError('link_used', { status: 409 });
      if (invite.expiresAt.getTime() <= Date.now()) throw new AppError('link_expired');
      return ctx.db.transaction(async (tx) => {
        if (!(await repo.markUsed(invite.id, user.id, tx))) throw new AppError('link_used', { status: 409 });
        let result;
        if (invite.purpose === 'team_member') {
          result = await joinTeam(tx, invite, user.id);
        } else {
          const [attendee] = await tx
            .update(attendees)
            .set({ userId: user.id })
            .where(eq(attendees.id, invite.attendeeId ?? 0))
            .returning({ id: attendees.id });
          if (!attendee) throw new AppError('link_invalid');
          result = { purpose: 'attendee' as const, venue: invite.venueId, attendee: attendee.id, team_member: null };
        }
        await ctx.audit.record(request, { action: 'invite.accept', details: { id: invite.id, ...result } }, tx);
        return result;
      });
    },

    /** Venue staff e-mail an attendee a link that ties the accreditation to the attendee's account. */
    async inviteAttendee(request: FastifyRequest, id: number, email: string | undefined): Promise<{ sent: true }> {
      const user = sessionOf(request);
      const attendee = await attendeeRepo.findById(id);
      if (!attendee) throw new AppError('not_found');
      assertVenueAccess(user, attendee.venueId);
      const to = email ?? attendee.email;
      if (!to) throw fieldError('email', 'required');
      const send = await ctx.db.transaction(async (tx) => {
        const owner = (await venueName(attendee.venueId, tx)) ?? '';
        const mail = { name: attendee.firstName, owner };
        const target = { purpose: 'attendee' as const, email: to, venueId: attendee.venueId, attendeeId: id };
        const sendMail = await issue(request, target, mail, tx);
        await ctx.audit.record(request, { action: 'attendee.invite', details: { id, venue: attendee.venueId } }, tx);
        return sendMail;
      });
      send();
      return { sent: true };
    },
  };
}

export type InviteService = ReturnType<typeof createInviteService>;
