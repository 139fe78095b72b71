import { Card, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { TransactionEditor } from '@/features/ledger/components/transaction-editor';
import { VenueName } from '@/features/ledger/components/venue-name';
import { href } from '@/lib/paths';

/** The correction of one entry: the server reverses it and posts the corrected one. */
export function VenueTransactionEditRoute() {
  const { t } = useTranslation('routes');
  const navigate = useNavigate();
  const params = useParams();
  const venueId = Number(params.venueId);
  return (
    <Stack>
      <Title order={1}>{t('venueTransactionEdit')}</Title>
      <VenueName venueId={venueId} />
      <Card withBorder>
        <TransactionEditor
          transactionId={Number(params.transactionId)}
          onDone={() => void navigate(href('venueTransactions', { venueId }))}
        />
      </Card>
    </Stack>
  );
}
