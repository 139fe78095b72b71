import { Alert, Anchor, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { errorText } from '@/lib/api-error';
import { href } from '@/lib/paths';
import { useAppStore } from '@/lib/store';
import { magicLogin, type MagicLoginResponse } from '../api/magic-login';

interface MagicTokenSignInProps {
  /** The one-time token from the e-mailed link. */
  token: string;
  /** Starts the session; `preshow` is the show the link was made for, if any. */
  onSignedIn(result: MagicLoginResponse): Promise<void>;
}

/** Trades the link's token for a session, once, as soon as the page opens. */
export function MagicTokenSignIn({ token, onSignedIn }: MagicTokenSignInProps) {
  const { t } = useTranslation('auth');
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // The token is single use: never send it twice (StrictMode runs effects twice).
    if (started.current) return;
    started.current = true;
    magicLogin(token)
      .then(onSignedIn)
      .catch((cause: unknown) => {
        useAppStore.getState().clearSession();
        setError(errorText(cause));
      });
  }, [token, onSignedIn]);

  if (error) {
    return (
      <Stack>
        <Alert color="red" role="alert">
          {error}
        </Alert>
        <Anchor component={Link} to={href('magicLogin')} size="sm">
          {t('magic.requestNew')}
        </Anchor>
      </Stack>
    );
  }
  return (
    <Stack align="center">
      <Loader aria-label={t('magic.signingIn')} />
      <Text size="sm">{t('magic.signingIn')}</Text>
    </Stack>
  );
}
