import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { href } from '@/lib/paths';
import { queryClient } from '@/lib/query-client';
import { useAppStore } from '@/lib/store';
import { logout } from '../api/logout';

/** Logout: tell the server, forget the session and its cached data, go to /login. */
export function useLogout() {
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await logout();
    } catch {
      // The server may be unreachable or the token already invalid: the local session ends anyway.
    }
    useAppStore.getState().clearSession();
    queryClient.clear();
    await navigate(href('login'));
  }, [navigate]);
}
