import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BankStatementsOffice } from '@/features/bank-statements/components/bank-statements-office';
import { VenueName } from '@/features/ledger/components/venue-name';
import { PayoutsOffice } from '@/features/payouts/components/payouts-office';
import { useAppStore } from '@/lib/store';

/** What the show office's venue owes and its SEPA payout files. */
export function OrganizerPayoutsRoute() {
  const { t } = useTranslation('routes');
  const venueId = useAppStore((state) => state.user?.assigned_venue ?? null);
  return (
    <Stack>
      <Title order={1}>{t('organizerPayouts')}</Title>
      {venueId !== null && (
        <>
          <VenueName venueId={venueId} />
          <PayoutsOffice venueId={venueId} />
        </>
      )}
    </Stack>
  );
}

/** The show office's bank statements: upload, matches, the credits waiting for review. */
export function OrganizerBankStatementsRoute() {
  const { t } = useTranslation('routes');
  const venueId = useAppStore((state) => state.user?.assigned_venue ?? null);
  return (
    <Stack>
      <Title order={1}>{t('organizerBankStatements')}</Title>
      {venueId !== null && (
        <>
          <VenueName venueId={venueId} />
          <BankStatementsOffice venueId={venueId} />
        </>
      )}
    </Stack>
  );
}
