import { lazy, Suspense } from 'react';
import { href } from '@/lib/paths';
import { useAppStore } from '@/lib/store';
import { switchIdentity } from '../session/start-session';

// Only an admin acting as someone else sees it: its code loads then, not on every first screen.
const ImpersonationBanner = lazy(() =>
  import('@/features/auth/components/impersonation-banner').then((m) => ({ default: m.ImpersonationBanner })),
);

/** The impersonation banner; stopping returns the admin to the venues list. */
export function ImpersonationNotice() {
  const impersonating = useAppStore((state) => Boolean(state.user?.impersonator));
  if (!impersonating) return null;
  return (
    <Suspense fallback={null}>
      <ImpersonationBanner onToken={(token) => switchIdentity(token, href('adminVenues'))} />
    </Suspense>
  );
}
