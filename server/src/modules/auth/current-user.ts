import { isLanguage, DEFAULT_LANGUAGE } from '@shared/constants';
import { isRole } from '@shared/roles';
import type { CurrentUser } from '@shared/schemas/auth';
import type { ProfileRepo } from '../user/profile.repo';
import type { UserRepo, UserRow } from '../user/user.repo';

/**
 * terms_accepted: the user accepted the terms in force (or, while none are published, any
 * version at all).
 */
export function termsAccepted(user: UserRow, current: string | null): boolean {
  return current ? user.termsAcceptedVersion === current : user.termsAcceptedVersion !== null;
}

/** GET /api/auth/user/: the signed-in user with profile ids and the impersonating admin. */
export async function loadCurrentUser(
  repos: { users: UserRepo; profiles: ProfileRepo },
  user: UserRow,
  impersonatorId: number | null,
): Promise<CurrentUser> {
  const [ids, terms, impersonator] = await Promise.all([
    repos.profiles.idsOf(user.id),
    repos.users.currentTermsVersion(),
    impersonatorId === null ? undefined : repos.users.findById(impersonatorId),
  ]);
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    roles: user.roles.filter(isRole),
    language: isLanguage(user.language) ? user.language : DEFAULT_LANGUAGE,
    terms_accepted: termsAccepted(user, terms),
    terms_accepted_version: user.termsAcceptedVersion,
    assigned_venue: user.assignedVenueId,
    rider_id: ids.riderId,
    employer_id: ids.employerId,
    official_id: ids.officialId,
    simple_user_id: ids.simpleUserId,
    merchant_id: ids.merchantId,
    impersonator: impersonator ? { id: impersonator.id, username: impersonator.username } : null,
  };
}
