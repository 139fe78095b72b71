import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { MagicLoginResponse } from '@/features/auth/api/magic-login';
import { MagicLoginForm } from '@/features/auth/components/magic-login-form';
import { MagicTokenSignIn } from '@/features/auth/components/magic-token-sign-in';
import { href } from '@/lib/paths';
import { useAppStore } from '@/lib/store';
import { useStartSession } from '../../session/use-start-session';
import { PublicPage } from './public-page';

/** Guests only: ask for a link, or (with ?token) sign in with it. A preshow link opens preshow-only mode. */
export function MagicLoginRoute() {
  const { t } = useTranslation('auth');
  const [search] = useSearchParams();
  const startSession = useStartSession();
  const token = search.get('token');
  const preshow = search.get('preshow');

  const onSignedIn = useCallback(
    async (result: MagicLoginResponse) => {
      if (result.preshow === null) return startSession(result.token, href('chooseDashboard'));
      const show = result.preshow;
      await startSession(result.token, href('preshow', { show }));
      useAppStore.getState().setPreshow(show);
    },
    [startSession],
  );

  return (
    <PublicPage title={t('magic.title')}>
      {token ? (
        <MagicTokenSignIn token={token} onSignedIn={onSignedIn} />
      ) : (
        <MagicLoginForm preshow={preshow && /^\d+$/.test(preshow) ? Number(preshow) : null} />
      )}
    </PublicPage>
  );
}
