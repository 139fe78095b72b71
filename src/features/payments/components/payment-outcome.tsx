import { Alert, Button, Loader, Group, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CardPayment } from '@shared/schemas/payments';
import { errorText } from '@/lib/api-error';
import { formatMoney } from '@/lib/format';
import { isSettling, usePayment } from '../api/get-payment';
import { cardName } from '../card-label';

/** How a card payment ended, as the payer reads it. */
export type PaymentState = 'posted' | 'confirmed' | 'processing' | 'failed';

export function stateOf(payment: CardPayment): PaymentState {
  if (payment.status === 'succeeded') return payment.transaction === null ? 'confirmed' : 'posted';
  if (
    payment.status === 'processing' ||
    payment.status === 'requires_action' ||
    payment.status === 'requires_confirmation'
  ) {
    return 'processing';
  }
  return 'failed';
}

const COLORS: Record<PaymentState, string> = { posted: 'green', confirmed: 'green', processing: 'blue', failed: 'red' };

interface PaymentOutcomeProps {
  intent: string;
  /** Once the payment is final (posted, or failed): e.g. to refresh a balance. */
  onSettled?(payment: CardPayment): void;
}

/**
 * The real outcome of a card payment, as the server knows it (GET payments/{intent}/, which asks
 * the provider while its webhook has not arrived): asked again every second until it is posted
 * to the ledger or has failed.
 */
export function PaymentOutcome({ intent, onSettled }: PaymentOutcomeProps) {
  const { t } = useTranslation('payments');
  const payment = usePayment(intent);
  const data = payment.data;
  const settled = data !== undefined && !isSettling(data);
  const report = useRef(onSettled);
  report.current = onSettled;
  useEffect(() => {
    if (settled && data) report.current?.(data);
  }, [settled, data]);

  if (payment.isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" />
        <Text>{t('outcome.checking')}</Text>
      </Group>
    );
  }
  if (payment.isError) return <Alert color="red">{errorText(payment.error)}</Alert>;
  const state = stateOf(payment.data);
  const amount = formatMoney(payment.data.amount, payment.data.currency);
  return (
    <Alert color={COLORS[state]} title={t(`outcome.${state}.title`)} role={state === 'failed' ? 'alert' : 'status'}>
      <Text>
        {t(`outcome.${state}.text`, {
          amount,
          venue: payment.data.venue_name,
          card: payment.data.card ? cardName(payment.data.card) : t('outcome.theCard'),
        })}
      </Text>
      {state === 'failed' && payment.data.failure_message && <Text mt="xs">{payment.data.failure_message}</Text>}
      {payment.data.refunded > 0 && (
        <Text mt="xs">
          {t('outcome.refunded', { amount: formatMoney(payment.data.refunded, payment.data.currency) })}
        </Text>
      )}
    </Alert>
  );
}

/** The outcome of the payment just made and, when more can be paid, a button for another one. */
export function PaidOutcome({
  intent,
  onSettled,
  onAnother,
}: PaymentOutcomeProps & { /** Absent: nothing more to pay. */ onAnother?: () => void }) {
  const { t } = useTranslation('payments');
  return (
    <>
      <PaymentOutcome intent={intent} onSettled={onSettled} />
      {onAnother && (
        <Button variant="default" style={{ alignSelf: 'flex-start' }} onClick={onAnother}>
          {t('pay.another')}
        </Button>
      )}
    </>
  );
}
