import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import type { RequestUser } from '../../types';
import { termsAccepted } from '../auth/current-user';
import { ownerFor, type Owner } from '../owner/owner-access';
import { createUserRepo } from '../user/user.repo';

/**
 * The rider whose horses or grooms the caller changes: reachable (ownerFor), and when it is the
 * rider themself, only after accepting the terms in force (spec §5). Admins and employers acting
 * for the rider are not held up by the rider's terms.
 */
export async function writableRider(db: Db, user: RequestUser, riderId: number): Promise<Owner> {
  const owner = await ownerFor(db, user, 'rider', riderId);
  if (owner.access !== 'self') return owner;
  const users = createUserRepo(db);
  const [row, current] = await Promise.all([users.findById(user.id), users.currentTermsVersion()]);
  if (!row || !termsAccepted(row, current)) throw new AppError('terms_required');
  return owner;
}
