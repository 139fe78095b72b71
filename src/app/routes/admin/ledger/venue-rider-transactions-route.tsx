import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { TransactionList } from '@/features/ledger/components/transaction-list';
import { VenueName } from '@/features/ledger/components/venue-name';

/** A rider's entries at the venue, including those billed to the employer for them. */
export function VenueRiderTransactionsRoute() {
  const { t } = useTranslation('routes');
  const params = useParams();
  const venueId = Number(params.venueId);
  return (
    <Stack>
      <Title order={1}>{t('venueRiderTransactions')}</Title>
      <VenueName venueId={venueId} />
      <TransactionList scope={{ venue: venueId, rider: Number(params.riderId) }} mode="page" />
    </Stack>
  );
}
