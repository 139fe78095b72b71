import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { BankStatementsOffice } from '@/features/bank-statements/components/bank-statements-office';
import { VenueName } from '@/features/ledger/components/venue-name';
import { PayoutsOffice } from '@/features/payouts/components/payouts-office';

/** A venue's payouts: what it owes, its SEPA files. */
export function VenuePayoutsRoute() {
  const { t } = useTranslation('routes');
  const venueId = Number(useParams().venueId);
  return (
    <Stack>
      <Title order={1}>{t('venueActionsPayouts')}</Title>
      <VenueName venueId={venueId} />
      <PayoutsOffice venueId={venueId} />
    </Stack>
  );
}

/** A venue's bank statements: upload, matches, review. */
export function VenueBankStatementsRoute() {
  const { t } = useTranslation('routes');
  const venueId = Number(useParams().venueId);
  return (
    <Stack>
      <Title order={1}>{t('venueActionsBankStatements')}</Title>
      <VenueName venueId={venueId} />
      <BankStatementsOffice venueId={venueId} />
    </Stack>
  );
}
