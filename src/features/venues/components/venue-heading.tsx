import { Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateRange } from '@/lib/format';
import { useVenue } from '../api/get-venue';

/** A venue page's heading: the page title (the one h1), with the venue's name and dates under it. */
export function VenueHeading({ venueId, title }: { venueId: number; title: string }) {
  const { t } = useTranslation('venues');
  const venue = useVenue(venueId);
  const dates = venue.data ? formatDateRange(venue.data.start_date, venue.data.end_date) : '';
  return (
    <Stack gap={2}>
      <Title order={1}>{title}</Title>
      {venue.isPending && <Skeleton height={20} w={240} aria-label={t('card.loading')} />}
      {venue.data && (
        <Text c="dimmed">
          {dates ? t('heading.venueWithDates', { name: venue.data.name, dates }) : venue.data.name}
        </Text>
      )}
    </Stack>
  );
}
