import { Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { BulkConsumablesButton } from '@/features/bulk/components/bulk-consumables-button';
import { useTaxTypes } from '@/features/configuration/api/list-tax-types';
import { ConsumableList } from '@/features/venues/components/consumable-list';
import { VenueHeading } from '@/features/venues/components/venue-heading';

export function VenueConsumablesRoute() {
  const { t } = useTranslation('routes');
  const venueId = Number(useParams().venueId);
  const taxTypes = useTaxTypes();
  return (
    <Stack>
      <VenueHeading venueId={venueId} title={t('venueConsumables')} />
      <Group justify="flex-end">
        <BulkConsumablesButton venueId={venueId} />
      </Group>
      <ConsumableList venueId={venueId} taxTypes={taxTypes.data?.results ?? []} />
    </Stack>
  );
}
