import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { EmailTemplateList } from '@/features/venues/components/email-template-list';
import { VenueHeading } from '@/features/venues/components/venue-heading';

export function VenueEmailsRoute() {
  const { t } = useTranslation('routes');
  const venueId = Number(useParams().venueId);
  return (
    <Stack>
      <VenueHeading venueId={venueId} title={t('venueEmails')} />
      <EmailTemplateList venueId={venueId} />
    </Stack>
  );
}
