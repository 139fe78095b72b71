import { Alert, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText, isOfflineError } from '@/lib/api-error';
import { OfflineNote } from '@/lib/components/query-view';
import { formatDateRange } from '@/lib/format';
import { useVenue } from '../api/get-venue';
import { venuePlace } from '../venue-place';

/** The venue a floor or organizer user works at: name, place and dates, fetched. */
export function VenueCard({ venueId }: { venueId: number }) {
  const { t } = useTranslation('venues');
  const venue = useVenue(venueId);

  return (
    <Card withBorder component="section" aria-labelledby="venue-card-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="venue-card-title">
          {t('card.title')}
        </Title>
        {/* Offline is normal on the floor: a quiet note, not a red error. */}
        {venue.isPending && venue.fetchStatus === 'paused' && <OfflineNote />}
        {venue.isPending && venue.fetchStatus !== 'paused' && <Skeleton height={48} aria-label={t('card.loading')} />}
        {venue.isError && isOfflineError(venue.error) && <OfflineNote />}
        {venue.isError && !isOfflineError(venue.error) && <Alert color="red">{errorText(venue.error)}</Alert>}
        {venue.data && (
          <>
            <Text fw={600}>{venue.data.name}</Text>
            <Text size="sm">{formatDateRange(venue.data.start_date, venue.data.end_date)}</Text>
            {venuePlace(venue.data) && (
              <Text size="sm" c="dimmed">
                {venuePlace(venue.data)}
              </Text>
            )}
            {venue.data.fei_id && (
              <Text size="sm" c="dimmed">
                {t('card.feiId', { feiId: venue.data.fei_id })}
              </Text>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
