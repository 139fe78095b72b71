import { redirect, type LoaderFunction } from 'react-router-dom';
import type { CurrentUser } from '@shared/schemas/auth';
import { href, safeNext } from '@/lib/paths';
import { useAppStore } from '@/lib/store';

/**
 * /rider/authRedirect: where sign-in links (e-mails) and the whitelabel rule land; it
 * needs no sign-in, so it sits outside the rider guard. A signed-in rider goes on to `next`
 * (same origin only) or the rider overview; someone signed in without the rider role to the
 * dashboard choice; a visitor to the login, which comes back here afterwards (so the decision
 * is made again, signed in) and then goes on to `next`.
 */
export function authRedirectTarget(user: CurrentUser | null, next: string | null): string {
  const target = safeNext(next);
  if (!user) return href('login', {}, { next: href('riderAuthRedirect', {}, { next: target }) });
  if (!user.roles.includes('rider')) return href('chooseDashboard');
  return target ?? href('riderOverview');
}

export const authRedirectLoader: LoaderFunction = ({ request }) => {
  const next = new URL(request.url).searchParams.get('next');
  throw redirect(authRedirectTarget(useAppStore.getState().user, next));
};
