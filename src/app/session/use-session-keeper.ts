import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { TOKEN_REFRESH_MS } from '@shared/constants';
import { refreshToken } from '@/features/auth/api/refresh-token';
import { ApiError } from '@/lib/api-error';
import { href } from '@/lib/paths';
import { queryClient } from '@/lib/query-client';
import { useAppStore } from '@/lib/store';

/**
 * Refresh the token every TOKEN_REFRESH_MS while signed in. A 400 means it can no longer be
 * refreshed: the user is cleared, logged out and sent to / (spec §8).
 */
export function useSessionKeeper(): void {
  const signedIn = useAppStore((state) => state.token !== null);
  const navigate = useNavigate();

  useEffect(() => {
    if (!signedIn) return;
    const timer = setInterval(() => {
      const { token } = useAppStore.getState();
      if (!token) return;
      refreshToken(token).then(
        (answer) => useAppStore.getState().setToken(answer.token),
        (error: unknown) => {
          if (!(error instanceof ApiError) || error.status !== 400) return;
          useAppStore.getState().clearSession();
          queryClient.clear();
          void navigate(href('chooseDashboard'));
        },
      );
    }, TOKEN_REFRESH_MS);
    return () => clearInterval(timer);
  }, [signedIn, navigate]);
}
