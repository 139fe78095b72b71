import { Text } from '@mantine/core';
import { useVenueDetail } from '../api/get-venue-detail';

/** The venue a page is about, under its heading. */
export function VenueName({ venueId }: { venueId: number }) {
  const venue = useVenueDetail(venueId);
  if (!venue.data) return null;
  return (
    <Text c="dimmed" fw={500}>
      {venue.data.name}
    </Text>
  );
}
