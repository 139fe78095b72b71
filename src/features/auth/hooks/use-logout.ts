import i18next from 'i18next';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { can } from '@shared/permissions';
import { clearDeviceSession } from '@/lib/device-session';
import { notify } from '@/lib/notify';
import { href } from '@/lib/paths';
import { queryClient } from '@/lib/query-client';
import { useAppStore } from '@/lib/store';
import { logout } from '../api/logout';

/** The signed-in user's floor writes not sent yet (the offline store loads only when asked). */
async function unsentWrites(userId: number): Promise<number> {
  try {
    const { pendingWrites } = await import('@/offline/outbox');
    return await pendingWrites(userId);
  } catch (error) {
    // The store cannot be read: refusing would lock the user in; their writes stay queued for them.
    console.warn('Could not count the unsent writes', error);
    return 0;
  }
}

/**
 * Logout: tell the server, forget the session and its cached data, go to /login. Refused while
 * the user's offline writes wait to be sent.
 */
export function useLogout() {
  const navigate = useNavigate();
  return useCallback(async () => {
    const user = useAppStore.getState().user;
    // Only floor staff write through the outbox; nobody else waits for the offline store.
    const unsent = user && can(user.roles, 'floor.read') ? await unsentWrites(user.id) : 0;
    if (unsent > 0) {
      notify.warning(i18next.t('offline:logoutRefused', { writes: unsent }));
      return;
    }
    try {
      await logout();
    } catch {
      // The server may be unreachable or the token already invalid: the local session ends anyway.
    }
    // Logout also ends the floor-device session: the device needs a sign-in again.
    clearDeviceSession();
    useAppStore.getState().clearSession();
    queryClient.clear();
    await navigate(href('login'));
  }, [navigate]);
}
