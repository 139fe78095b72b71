import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { TransactionList } from '@/features/ledger/components/transaction-list';
import { VenueName } from '@/features/ledger/components/venue-name';
import { idParam, partyTypeParam } from '@/features/ledger/search-params';
import { OfficeCardPayments } from '@/features/payments/components/office-card-payments';

/** Every entry at the venue; `?party_type=&party_id=` narrows it to one party. */
export function VenueTransactionsRoute() {
  const { t } = useTranslation('routes');
  const venueId = Number(useParams().venueId);
  const [search] = useSearchParams();
  const partyType = partyTypeParam(search.get('party_type'));
  const partyId = partyType ? idParam(search.get('party_id')) : undefined;
  return (
    <Stack>
      <Title order={1}>{t('venueTransactions')}</Title>
      <VenueName venueId={venueId} />
      <TransactionList scope={{ venue: venueId, party_type: partyType, party_id: partyId }} mode="page" />
      <OfficeCardPayments venue={venueId} />
    </Stack>
  );
}
