import { ImpersonationBanner } from '@/features/auth/components/impersonation-banner';
import { href } from '@/lib/paths';
import { switchIdentity } from '../session/start-session';

/** The impersonation banner; stopping returns the admin to the venues list. */
export function ImpersonationNotice() {
  return <ImpersonationBanner onToken={(token) => switchIdentity(token, href('adminVenues'))} />;
}
