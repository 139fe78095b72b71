import { Card, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { TransactionForm } from '@/features/ledger/components/transaction-form';
import { VenueName } from '@/features/ledger/components/venue-name';
import { partyTypeParam } from '@/features/ledger/search-params';
import { href } from '@/lib/paths';

/** A new entry at the venue; `?party_type=` picks the kind of party it starts with. */
export function VenueTransactionNewRoute() {
  const { t } = useTranslation('routes');
  const navigate = useNavigate();
  const venueId = Number(useParams().venueId);
  const partyType = partyTypeParam(useSearchParams()[0].get('party_type'));
  const back = () =>
    void navigate(
      partyType === 'official'
        ? href('venueOfficialTransactions', { venueId })
        : href('venueTransactions', { venueId }),
    );
  return (
    <Stack>
      <Title order={1}>{t('venueTransactionNew')}</Title>
      <VenueName venueId={venueId} />
      <Card withBorder>
        <TransactionForm venueId={venueId} partyType={partyType} onSaved={back} onCancel={back} />
      </Card>
    </Stack>
  );
}
