import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QueryView } from '@/lib/components/query-view';
import { usePayoutsDue } from '../api/get-payouts-due';
import { PayoutBatches } from './payout-batches';
import { PayoutGenerator } from './payout-generator';

/**
 * The show office's payouts (organizer and admin): what the venue owes and to whom (those
 * without a usable bank account listed, not left out), the SEPA file for the chosen payees, and
 * the files made so far.
 */
export function PayoutsOffice({ venueId }: { venueId: number }) {
  const { t } = useTranslation('payouts');
  const due = usePayoutsDue(venueId);
  return (
    <Stack>
      <Text c="dimmed">{t('intro')}</Text>
      <QueryView query={due}>{(data) => <PayoutGenerator key={data.venue} venueId={venueId} due={data} />}</QueryView>
      <PayoutBatches venueId={venueId} />
    </Stack>
  );
}
