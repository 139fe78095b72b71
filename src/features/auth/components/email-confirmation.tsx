import { Alert, Anchor, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { errorText } from '@/lib/api-error';
import { href } from '@/lib/paths';
import { useConfirmEmail } from '../api/confirm-email';

interface EmailConfirmationProps {
  /** From the confirmation link; both null right after registering. */
  uid: string | null;
  token: string | null;
}

/** "A confirmation e-mail has been sent", or, opened from that e-mail, the confirmation itself. */
export function EmailConfirmation({ uid, token }: EmailConfirmationProps) {
  const { t } = useTranslation('auth');
  const confirm = useConfirmEmail();
  const { mutate } = confirm;
  const started = useRef(false);

  useEffect(() => {
    if (!uid || !token || started.current) return;
    started.current = true;
    mutate({ uid, token });
  }, [uid, token, mutate]);

  const toLogin = (
    <Anchor component={Link} to={href('login')} size="sm">
      {t('confirm.toLogin')}
    </Anchor>
  );

  if (!uid || !token) {
    return (
      <Stack>
        <Alert color="blue" title={t('confirm.sentTitle')} role="status">
          {t('confirm.sent')}
        </Alert>
        {toLogin}
      </Stack>
    );
  }
  if (confirm.isError) {
    return (
      <Stack>
        <Alert color="red" role="alert">
          {errorText(confirm.error)}
        </Alert>
        {toLogin}
      </Stack>
    );
  }
  if (confirm.isSuccess) {
    return (
      <Stack>
        <Alert color="green" role="status">
          {t('confirm.done')}
        </Alert>
        {toLogin}
      </Stack>
    );
  }
  return (
    <Stack align="center">
      <Loader aria-label={t('confirm.pending')} />
      <Text size="sm">{t('confirm.pending')}</Text>
    </Stack>
  );
}
