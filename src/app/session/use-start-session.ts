import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { queryClient } from '@/lib/query-client';
import { startSession } from './start-session';

/** Sign in with a token (login, magic link), then go to `destination`. */
export function useStartSession() {
  const navigate = useNavigate();
  return useCallback(
    async (token: string, destination: string) => {
      // Nothing of an earlier session may linger in the cache.
      queryClient.clear();
      await startSession(token, { pullFloor: true });
      await navigate(destination, { replace: true });
    },
    [navigate],
  );
}
