import i18next from 'i18next';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { TOKEN_REFRESH_MS } from '@shared/constants';
import { isFloorDevice, readDeviceSession, renewSession } from '@/lib/device-session';
import { notify } from '@/lib/notify';
import { href } from '@/lib/paths';
import { queryClient } from '@/lib/query-client';
import { useAppStore } from '@/lib/store';
import { renewRestoredSession } from './start-session';

/**
 * Refresh the token every TOKEN_REFRESH_MS while signed in (spec §7). When it can no longer be
 * refreshed, a floor device exchanges its device credential; if that fails too,
 * a floor device keeps its user and queued writes and says that a sign-in is needed, anyone
 * else is cleared, logged out and sent to / (spec §8).
 */
export function useSessionKeeper(): void {
  const signedIn = useAppStore((state) => state.user !== null);
  const restored = useAppStore((state) => state.user !== null && state.token === null);
  const navigate = useNavigate();

  useEffect(() => {
    if (!signedIn) return;
    const timer = setInterval(() => {
      // A session restored from the floor-device session ends with it (FLOOR_DEVICE_SESSION_HOURS).
      if (useAppStore.getState().floorOnly && !readDeviceSession()) {
        useAppStore.getState().clearSession();
        queryClient.clear();
        return;
      }
      const { token, signInNeeded } = useAppStore.getState();
      // Once a sign-in is needed, the prompt says so; the next sign-in starts a new session.
      if (!token || signInNeeded) return;
      void renewSession().then((outcome) => {
        if (outcome !== 'signInNeeded') return;
        if (isFloorDevice(useAppStore.getState().user)) {
          notify.warning(i18next.t('offline:signInNeeded.toast'));
          return;
        }
        useAppStore.getState().clearSession();
        queryClient.clear();
        void navigate(href('chooseDashboard'));
      });
    }, TOKEN_REFRESH_MS);
    return () => clearInterval(timer);
  }, [signedIn, navigate]);

  // A floor device reopened without a token: renew as soon as the server is reachable.
  useEffect(() => {
    if (!restored) return;
    renewRestoredSession();
    window.addEventListener('online', renewRestoredSession);
    return () => window.removeEventListener('online', renewRestoredSession);
  }, [restored]);
}
