import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useEventCategories } from '@/features/configuration/api/list-event-categories';
import { VecList } from '@/features/venues/components/vec-list';
import { VenueHeading } from '@/features/venues/components/venue-heading';

export function VenueEventCategoriesRoute() {
  const { t } = useTranslation('routes');
  const venueId = Number(useParams().venueId);
  const eventCategories = useEventCategories();
  return (
    <Stack>
      <VenueHeading venueId={venueId} title={t('venueEventCategories')} />
      <VecList venueId={venueId} eventCategories={eventCategories.data?.results ?? []} />
    </Stack>
  );
}
