import { Alert, Anchor, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { errorText } from '@/lib/api-error';
import { formatDate } from '@/lib/format';
import { href } from '@/lib/paths';
import { useConfirmAttendance } from '../api/confirm-attendance';

/** Opened from the e-mailed link: confirms the registration once and says so. */
export function AttendanceConfirmation({ venueId, token }: { venueId: number; token: string }) {
  const { t } = useTranslation('attendance');
  const confirm = useConfirmAttendance();
  const { mutate } = confirm;
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate(token);
  }, [token, mutate]);

  if (confirm.isSuccess) {
    return (
      <Alert color="green" role="status" title={t('confirm.title')}>
        {t('confirm.done', { date: formatDate(confirm.data.visit_date) })}
      </Alert>
    );
  }
  if (confirm.isError) {
    return (
      <Stack>
        <Alert color="red" role="alert">
          {errorText(confirm.error)}
        </Alert>
        <Anchor component={Link} to={href('attendance', { venueId })} size="sm">
          {t('confirm.toForm')}
        </Anchor>
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
