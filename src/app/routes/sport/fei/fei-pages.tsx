import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { FeiImportOffice } from '@/features/fei/components/fei-import-office';
import { FeiResultsOffice } from '@/features/fei/components/fei-results-office';
import { VenueName } from '@/features/ledger/components/venue-name';

/** Admin views/venue-import: FEI entry files and the FEI web service. */
export function VenueImportRoute() {
  const { t } = useTranslation('routes');
  const venueId = Number(useParams().venueId);
  return (
    <Stack>
      <Title order={1}>{t('venueImport')}</Title>
      <VenueName venueId={venueId} />
      <FeiImportOffice venueId={venueId} />
    </Stack>
  );
}

/** Admin actions/generateXMLResults: the FEI results XML of the published competitions. */
export function VenueGenerateXmlResultsRoute() {
  const { t } = useTranslation('routes');
  const venueId = Number(useParams().venueId);
  return (
    <Stack>
      <Title order={1}>{t('venueActionsGenerateXMLResults')}</Title>
      <VenueName venueId={venueId} />
      <FeiResultsOffice venueId={venueId} />
    </Stack>
  );
}
