import { eq } from 'drizzle-orm';
import type { OwnerType } from '@shared/schemas/owner';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { teamMembers } from '../../db/schema';
import { createAttendeeRepo } from '../floor/attendee.repo';
import { createInviteRepo, type InviteRow } from './invite.repo';

/** The team member a team invite is for; link_invalid once the member is gone. */
export async function memberOfInvite(db: Db, invite: InviteRow) {
  const [member] = invite.teamMemberId
    ? await db.select().from(teamMembers).where(eq(teamMembers.id, invite.teamMemberId))
    : [];
  if (!member) throw new AppError('link_invalid');
  return member;
}

/**
 * The team member joins (inside the accepting transaction): accredited at the venue as an
 * attendee of kind team_member, which the welcome desk sees in its floor changes.
 */
export async function joinTeam(tx: Db, invite: InviteRow, userId: number) {
  const member = await memberOfInvite(tx, invite);
  const organisation = await createInviteRepo(tx).ownerName(member.ownerType as OwnerType, member.ownerId);
  const attendee =
    member.venueId === null
      ? null
      : await createAttendeeRepo(tx).insert({
          venueId: member.venueId,
          kind: 'team_member',
          role: member.role,
          organisation: organisation || null,
          userId,
          firstName: member.firstName,
          lastName: member.lastName,
          email: member.email,
          phone: member.phone,
          createdByUserId: userId,
        });
  await tx
    .update(teamMembers)
    .set({ status: 'joined', userId, joinedAt: new Date(), attendeeId: attendee?.id ?? null })
    .where(eq(teamMembers.id, member.id));
  return {
    purpose: 'team_member' as const,
    venue: member.venueId,
    attendee: attendee?.id ?? null,
    team_member: member.id,
  };
}
