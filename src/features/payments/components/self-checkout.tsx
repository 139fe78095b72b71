import { Alert, Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SelfCheckout as Statement } from '@shared/schemas/payments';
import { errorText } from '@/lib/api-error';
import { RecordTable, type Column } from '@/lib/components/record-table';
import { formatDate, formatDateTime, formatMoney } from '@/lib/format';
import { usePublishableKey } from '../api/card-config';
import { useSelfCheckout, useSelfCheckoutLines } from '../api/get-self-checkout';
import { paymentKeys } from '../keys';
import { CardsNotSetUp } from './cards-not-set-up';
import { PayForm } from './pay-form';
import { PaidOutcome } from './payment-outcome';

type Line = Statement['lines'][number];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

interface SelfCheckoutProps {
  rider: number;
  venue: number;
  /** The signed-in user: their saved cards are offered. */
  user: number;
}

/** A total of the statement, big enough to read on a phone. */
function Figure({
  label,
  minor,
  currency,
  strong,
}: {
  label: string;
  minor: number;
  currency: string;
  strong?: boolean;
}) {
  return (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={strong ? 800 : 600} size={strong ? 'xl' : 'lg'} style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(minor, currency)}
      </Text>
    </Stack>
  );
}

/**
 * Self-checkout at the end of a show: the rider's statement there (what was charged, what was
 * paid, what is left), paying the rest with a saved or a new card, and the receipt after.
 */
export function SelfCheckout({ rider, venue, user }: SelfCheckoutProps) {
  const { t } = useTranslation(['payments', 'ledger']);
  const titleId = useId();
  const client = useQueryClient();
  const key = usePublishableKey();
  const statement = useSelfCheckout(rider, venue);
  const lines = useSelfCheckoutLines(rider, venue);
  const [paid, setPaid] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  if (statement.isPending) return <Skeleton height={200} aria-label={t('loading')} />;
  if (statement.isError) return <Alert color="red">{errorText(statement.error)}</Alert>;
  const data = statement.data;
  const currency = data.currency;
  const columns: Column<Line>[] = [
    // The statement's day in the venue's time zone (a date), or a moment.
    {
      label: t('checkout.date'),
      render: (row) => (DAY.test(row.date) ? formatDate(row.date) : formatDateTime(row.date)),
    },
    {
      label: t('checkout.description'),
      render: (row) => row.description || t(`ledger:kind.${row.kind}`, { defaultValue: row.kind }),
    },
    { label: t('checkout.quantity'), render: (row) => row.quantity },
    {
      label: t('checkout.amount'),
      render: (row) => (
        <Text span c={row.amount < 0 ? 'red.9' : undefined} style={{ whiteSpace: 'nowrap' }}>
          {formatMoney(row.amount, currency)}
        </Text>
      ),
    },
  ];
  const payable = Math.max(0, data.open - data.pending);

  return (
    <Stack>
      <Card withBorder component="section" aria-labelledby={titleId}>
        <Stack>
          <Title order={2} size="h4" id={titleId}>
            {t('checkout.title', { venue: data.venue_name })}
          </Title>
          <SimpleGrid cols={{ base: 2, sm: 4 }} role="group" aria-label={t('checkout.totals')}>
            <Figure label={t('checkout.charged')} minor={data.charged} currency={currency} />
            <Figure label={t('checkout.paid')} minor={data.paid} currency={currency} />
            {data.pending > 0 && <Figure label={t('checkout.pending')} minor={data.pending} currency={currency} />}
            <Figure label={t('checkout.open')} minor={data.open} currency={currency} strong />
          </SimpleGrid>
        </Stack>
      </Card>
      <RecordTable
        title={t('checkout.lines')}
        query={lines}
        columns={columns}
        rowKey={(row) => row.transaction}
        rowName={(row) => `${row.description} ${formatMoney(row.amount, currency)}`}
        empty={t('checkout.noLines')}
      />
      <Card withBorder component="section" aria-label={paid ? t('checkout.receiptTitle') : t('checkout.payTitle')}>
        <Stack>
          <Title order={2} size="h4">
            {paid ? t('checkout.receiptTitle') : t('checkout.payTitle')}
          </Title>
          {paid && (
            <PaidOutcome
              intent={paid}
              onSettled={() => void client.invalidateQueries({ queryKey: paymentKeys.selfCheckout(rider, venue) })}
              onAnother={
                data.open > 0
                  ? () => {
                      setPaid(null);
                      setAttempt((n) => n + 1);
                    }
                  : undefined
              }
            />
          )}
          {!paid && data.open <= 0 && (
            <Alert color="green" role="status" title={t('checkout.settledTitle')}>
              {t('checkout.settled', { amount: formatMoney(0, currency) })}
            </Alert>
          )}
          {!paid && data.open > 0 && !data.enabled && <Alert color="blue">{t('checkout.disabled')}</Alert>}
          {!paid && data.open > 0 && data.enabled && !data.can_pay && (
            <Alert color="blue">{t('checkout.otherPayer', { name: data.payer.name })}</Alert>
          )}
          {!paid && data.open > 0 && data.enabled && data.can_pay && payable <= 0 && <Text>{t('pay.allPending')}</Text>}
          {!paid && data.open > 0 && data.enabled && data.can_pay && payable > 0 && (
            <>
              {key.isPending && <Skeleton height={80} />}
              {!key.isPending && !key.data && <CardsNotSetUp />}
              {key.data && (
                <PayForm
                  key={attempt}
                  payer={{ type: data.payer.party_type, id: data.payer.party_id }}
                  venue={data.venue}
                  currency={currency}
                  payable={payable}
                  minimum={data.minimum}
                  origin="checkout"
                  user={user}
                  publishableKey={key.data}
                  fixedAmount
                  onPaid={setPaid}
                />
              )}
            </>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
