import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { CompensationBillButton } from '@/features/compensation/components/compensation-bill-button';
import { DownloadCompensationBills } from '@/features/compensation/components/download-compensation-bills';
import { OfficialList } from '@/features/participations/components/official-list';
import { VenueMerchantsCard } from '@/features/participations/components/venue-merchants-card';
import { useVenue } from '@/features/venues/api/get-venue';
import { VenueHeading } from '@/features/venues/components/venue-heading';

export function VenueOfficialsRoute() {
  const { t } = useTranslation('routes');
  const venueId = Number(useParams().venueId);
  const venue = useVenue(venueId);
  return (
    <Stack>
      <VenueHeading venueId={venueId} title={t('venueOfficials')} />
      {venue.data && (
        <OfficialList
          venueId={venueId}
          currency={venue.data.currencyDisplay || venue.data.currency}
          actions={<DownloadCompensationBills venueId={venueId} />}
          rowActions={(row) => <CompensationBillButton participation={row.id} name={row.official.name} />}
        />
      )}
      <VenueMerchantsCard venueId={venueId} />
    </Stack>
  );
}
