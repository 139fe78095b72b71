import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { useTaxTypes } from '@/features/configuration/api/list-tax-types';
import { useVecs } from '@/features/venues/api/list-vecs';
import { TaxConfigurationForm } from '@/features/venues/components/tax-configuration-form';
import { TaxConfigurationList } from '@/features/venues/components/tax-configuration-list';
import { VenueHeading } from '@/features/venues/components/venue-heading';
import { href } from '@/lib/paths';

export function VenueTaxConfigurationsRoute() {
  const { t } = useTranslation('routes');
  const venueId = Number(useParams().venueId);
  return (
    <Stack>
      <VenueHeading venueId={venueId} title={t('venueTaxConfigurations')} />
      <TaxConfigurationList venueId={venueId} />
    </Stack>
  );
}

export function VenueTaxConfigurationEditRoute() {
  const { t } = useTranslation('routes');
  const params = useParams();
  const venueId = Number(params.venueId);
  const vecId = Number(params.VEC_ID);
  const navigate = useNavigate();
  const taxTypes = useTaxTypes();
  const vec = useVecs(venueId).data?.results.find((candidate) => candidate.id === vecId);
  return (
    <Stack>
      <VenueHeading
        venueId={venueId}
        title={vec ? `${t('venueTaxConfigurationEdit')}: ${vec.name}` : t('venueTaxConfigurationEdit')}
      />
      <TaxConfigurationForm
        vecId={vecId}
        taxTypes={taxTypes.data?.results ?? []}
        onSaved={() => navigate(href('venueTaxConfigurations', { venueId }))}
      />
    </Stack>
  );
}
