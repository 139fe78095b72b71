import { Alert, Card, Group, Image, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/api-error';
import { formatDateRange } from '@/lib/format';
import { usePreshowVenue } from '../api/get-preshow-venue';
import { venuePlace } from '../venue-place';

/** The public detail of a show (preshow and attendance pages): logo, name, place, dates. */
export function PublicVenueCard({ venueId }: { venueId: number }) {
  const { t } = useTranslation('venues');
  const venue = usePreshowVenue(venueId);

  if (venue.isPending) return <Skeleton height={120} aria-label={t('card.loading')} />;
  if (venue.isError) return <Alert color="red">{errorText(venue.error)}</Alert>;
  return (
    <Card withBorder component="section" aria-labelledby="public-venue-title">
      <Group align="flex-start" wrap="nowrap">
        {venue.data.logo && (
          <Image src={venue.data.logo} alt={t('public.logo', { name: venue.data.name })} w={96} h={96} fit="contain" />
        )}
        <Stack gap={4}>
          <Title order={2} size="h3" id="public-venue-title">
            {venue.data.name}
          </Title>
          <Text>{formatDateRange(venue.data.start_date, venue.data.end_date)}</Text>
          {venuePlace(venue.data) && <Text c="dimmed">{venuePlace(venue.data)}</Text>}
        </Stack>
      </Group>
    </Card>
  );
}
