import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TransactionList } from '@/features/ledger/components/transaction-list';
import { VenueName } from '@/features/ledger/components/venue-name';
import { useAppStore } from '@/lib/store';

/** The officials' entries at the organizer's assigned venue. */
export function OrganizerOfficialTransactionsRoute() {
  const { t } = useTranslation('routes');
  const venueId = useAppStore((state) => state.user?.assigned_venue ?? null);
  return (
    <Stack>
      <Title order={1}>{t('organizerOfficialTransactions')}</Title>
      {venueId !== null && (
        <>
          <VenueName venueId={venueId} />
          <TransactionList scope={{ venue: venueId, party_type: 'official' }} mode="modal" />
        </>
      )}
    </Stack>
  );
}
