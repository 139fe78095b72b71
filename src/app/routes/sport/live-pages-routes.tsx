import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { LivePage } from '@/features/livescore/components/live-page';
import { LivescoreOffice } from '@/features/livescore/components/livescore-office';

/** /livescore: the admin follows a venue live. */
export function LivescoreRoute() {
  const { t } = useTranslation('routes');
  return (
    <Stack>
      <Title order={1}>{t('livescore')}</Title>
      <LivescoreOffice />
    </Stack>
  );
}

/** /live/:venueId: the public live page of a show. */
export function LiveRoute() {
  const { venueId } = useParams();
  return <LivePage key={venueId} venueId={Number(venueId)} />;
}
