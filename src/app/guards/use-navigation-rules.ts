import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useHostCheck } from '@/features/venues/api/check-hostname';
import { preshowAllows, whitelabelRedirect } from '@/lib/authorization';
import { useAppStore } from '@/lib/store';
import { endPreshowSession } from '../session/end-preshow-session';

/** The rules spec §4 applies after each navigation: preshow-only mode and whitelabel domains. */
export function useNavigationRules(): void {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const user = useAppStore((state) => state.user);
  const preshow = useAppStore((state) => state.preshow);
  const whitelabelVenue = useHostCheck().data?.venue ?? null;

  useEffect(() => {
    if (preshow !== null && !preshowAllows(pathname)) {
      void endPreshowSession();
      return;
    }
    const target = whitelabelRedirect(pathname, user, whitelabelVenue);
    if (target) void navigate(target, { replace: true });
  }, [pathname, user, preshow, whitelabelVenue, navigate]);
}
