import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TransactionList } from '@/features/ledger/components/transaction-list';
import { VenueName } from '@/features/ledger/components/venue-name';
import { OfficeCardPayments } from '@/features/payments/components/office-card-payments';
import { useAppStore } from '@/lib/store';

/** The show office's entries at its assigned venue; new and edit open over the list. */
export function OrganizerTransactionsRoute() {
  const { t } = useTranslation('routes');
  const venueId = useAppStore((state) => state.user?.assigned_venue ?? null);
  return (
    <Stack>
      <Title order={1}>{t('organizerTransactions')}</Title>
      {venueId !== null && (
        <>
          <VenueName venueId={venueId} />
          <TransactionList scope={{ venue: venueId }} mode="modal" />
          <OfficeCardPayments venue={venueId} />
        </>
      )}
    </Stack>
  );
}
