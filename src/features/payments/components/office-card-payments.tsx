import { Badge, Button, Skeleton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CardPayment } from '@shared/schemas/payments';
import { RecordTable, type Column } from '@/lib/components/record-table';
import { formatDateTime, formatMoney } from '@/lib/format';
import { notify } from '@/lib/notify';
import { usePublishableKey } from '../api/card-config';
import { useCardPayments } from '../api/list-card-payments';
import { useVenueCurrency } from '../api/get-venue-currency';
import { cardName } from '../card-label';
import { stateOf } from './payment-outcome';
import { CardsNotSetUp } from './cards-not-set-up';
import { ChargeCardModal } from './charge-card-modal';
import { RefundModal } from './refund-modal';

const STATE_COLORS = { posted: 'green.9', confirmed: 'green.9', processing: 'blue.9', failed: 'red.9' } as const;

/**
 * The show office's card payments at a venue (transactions screen): charging a party's saved
 * card, the payments made by card with their state, and a refund, full or partial.
 */
export function OfficeCardPayments({ venue }: { venue: number }) {
  const { t } = useTranslation('payments');
  const key = usePublishableKey();
  const currency = useVenueCurrency(venue);
  // asked only once the server is known to take cards (a server without card keys answers 409)
  const payments = useCardPayments(venue, null, !!key.data);
  const [charging, setCharging] = useState(false);
  const [refunding, setRefunding] = useState<CardPayment | null>(null);

  if (key.isPending) return <Skeleton height={96} />;
  if (!key.data) return <CardsNotSetUp />;

  const columns: Column<CardPayment>[] = [
    { label: t('office.date'), render: (row) => formatDateTime(row.created_at) },
    { label: t('office.party'), render: (row) => row.party_name },
    {
      label: t('office.amount'),
      render: (row) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(row.amount, row.currency)}</span>,
    },
    { label: t('office.card'), render: (row) => (row.card ? cardName(row.card) : '—') },
    {
      label: t('office.state'),
      render: (row) => (
        <Badge color={STATE_COLORS[stateOf(row)]} variant="light" styles={{ label: { whiteSpace: 'normal' } }}>
          {t(`office.status.${stateOf(row)}`)}
        </Badge>
      ),
    },
    {
      label: t('office.refunded'),
      render: (row) => (row.refunded ? formatMoney(row.refunded, row.currency) : '—'),
    },
    {
      label: t('office.actions'),
      render: (row) =>
        row.status === 'succeeded' && row.refunded < row.amount ? (
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            aria-label={t('refund.buttonNamed', {
              party: row.party_name,
              amount: formatMoney(row.amount, row.currency),
            })}
            onClick={() => setRefunding(row)}
          >
            {t('refund.button')}
          </Button>
        ) : null,
    },
  ];

  return (
    <>
      <RecordTable
        title={t('office.title')}
        query={payments}
        columns={columns}
        rowKey={(row) => row.id}
        rowName={(row) => `${row.party_name} ${formatMoney(row.amount, row.currency)}`}
        empty={t('office.empty')}
        addLabel={currency.data ? t('office.charge') : undefined}
        onAdd={() => setCharging(true)}
        minWidth={760}
      />
      {charging && currency.data && (
        <ChargeCardModal
          venue={venue}
          currency={currency.data}
          onClose={() => setCharging(false)}
          onCharged={(payment) => {
            setCharging(false);
            notify.success(t('office.charged', { amount: formatMoney(payment.amount, payment.currency) }));
          }}
        />
      )}
      {refunding && <RefundModal payment={refunding} onClose={() => setRefunding(null)} />}
    </>
  );
}
