import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { TransactionList } from '@/features/ledger/components/transaction-list';
import { VenueName } from '@/features/ledger/components/venue-name';
import { idParam } from '@/features/ledger/search-params';

/** The officials' entries at the venue (fees, compensation); `?party_id=` narrows it to one. */
export function VenueOfficialTransactionsRoute() {
  const { t } = useTranslation('routes');
  const venueId = Number(useParams().venueId);
  const [search] = useSearchParams();
  return (
    <Stack>
      <Title order={1}>{t('venueOfficialTransactions')}</Title>
      <VenueName venueId={venueId} />
      <TransactionList
        scope={{ venue: venueId, party_type: 'official', party_id: idParam(search.get('party_id')) }}
        mode="page"
      />
    </Stack>
  );
}
