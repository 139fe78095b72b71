import { Alert, NativeSelect, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CardPayment, ChargeCardInput } from '@shared/schemas/payments';
import { cardMinimumOf, CARD_MAX_MINOR } from '@shared/schemas/payments';
import { FormModal } from '@/lib/components/form-modal';
import { formatMoney } from '@/lib/format';
import { submitErrors } from '@/lib/form-errors';
import { useIdempotencyKey } from '@/lib/use-idempotency-key';
import { paymentAmount } from '../amount';
import { providerMessage } from '../provider-message';
import { useChargeCard } from '../api/charge-card';
import { usePartyCards } from '../api/list-party-cards';
import { cardExpiry, cardName } from '../card-label';
import type { PayerRef } from '../keys';
import { PayerSelect } from './payer-select';

interface ChargeCardModalProps {
  venue: number;
  currency: string;
  onClose(): void;
  onCharged(payment: CardPayment): void;
}

interface ChargeValues {
  amount: string;
  card: string;
}

/**
 * The office charges a party's saved card (off-session): who, which of their cards, how much in
 * the venue's currency. One Idempotency-Key per attempt; a declined card shows the provider's
 * message here, and nothing is posted.
 */
export function ChargeCardModal({ venue, currency, onClose, onCharged }: ChargeCardModalProps) {
  const { t, i18n } = useTranslation('payments');
  const [payer, setPayer] = useState<PayerRef | null>(null);
  const [payerError, setPayerError] = useState<string | undefined>();
  const [declined, setDeclined] = useState<string | null>(null);
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const cards = usePartyCards(venue, payer);
  const charge = useChargeCard();
  const idempotency = useIdempotencyKey();
  const minimum = cardMinimumOf(currency);
  const form = useForm<ChargeValues>({ initialValues: { amount: '', card: '' } });
  const options = cards.data ?? [];
  const chosenCard = form.values.card || (options[0] ? String(options[0].id) : '');

  const submit = form.onSubmit(async (values) => {
    setDeclined(null);
    setFormErrors([]);
    if (!payer) {
      setPayerError(t('office.choosePayer'));
      return;
    }
    const amount = paymentAmount(values.amount, { open: CARD_MAX_MINOR, minimum }, i18n.language);
    if ('problem' in amount) {
      form.setFieldError(
        'amount',
        amount.problem === 'below_minimum'
          ? t('pay.belowMinimum', { minimum: formatMoney(minimum, currency) })
          : t(`pay.${amount.problem === 'over_balance' ? 'invalid' : amount.problem}`),
      );
      return;
    }
    if (!chosenCard) {
      form.setFieldError('card', t('office.noCards'));
      return;
    }
    const input: ChargeCardInput = {
      party_type: payer.type,
      party_id: payer.id,
      amount: amount.minor,
      currency,
      card: Number(chosenCard),
    };
    try {
      const payment = await charge.mutateAsync({ venue, input, idempotencyKey: idempotency.keyFor(input) });
      idempotency.settle();
      if (
        payment.status === 'failed' ||
        payment.status === 'canceled' ||
        payment.status === 'requires_payment_method'
      ) {
        setDeclined(payment.failure_message ?? t('pay.failed'));
        return;
      }
      onCharged(payment);
    } catch (error) {
      idempotency.settle(error);
      const refused = providerMessage(error);
      if (refused) {
        setDeclined(refused);
        return;
      }
      const mapped = submitErrors(error, { amount: '', currency: '', card: '', party_id: '' });
      const onAmount = [mapped.fields.amount, mapped.fields.currency].filter(Boolean).join(' ');
      form.setErrors({
        ...(onAmount ? { amount: onAmount } : {}),
        ...(mapped.fields.card ? { card: mapped.fields.card } : {}),
      });
      if (mapped.fields.party_id) setPayerError(mapped.fields.party_id);
      setFormErrors(mapped.form);
    }
  });

  return (
    <FormModal
      title={t('office.chargeTitle')}
      onClose={onClose}
      onSubmit={submit}
      errors={formErrors}
      submitting={charge.isPending}
      submitLabel={t('office.chargeSubmit')}
      size="lg"
    >
      <PayerSelect
        value={payer}
        onChange={(next) => {
          setPayer(next);
          setPayerError(undefined);
          form.setFieldValue('card', '');
        }}
        error={payerError}
      />
      {payer && cards.isSuccess && options.length === 0 && <Text c="dimmed">{t('office.noCards')}</Text>}
      {options.length > 0 && (
        <NativeSelect
          label={t('office.card')}
          value={chosenCard}
          onChange={(event) => form.setFieldValue('card', event.currentTarget.value)}
          data={options.map((card) => ({
            value: String(card.id),
            label: t('pay.savedCard', { card: cardName(card), expiry: cardExpiry(card) }),
          }))}
          error={form.errors.card}
        />
      )}
      <TextInput
        label={t('pay.amount', { currency })}
        description={t('office.minimum', { minimum: formatMoney(minimum, currency) })}
        inputMode="decimal"
        autoComplete="off"
        required
        rightSection={<Text size="sm">{currency}</Text>}
        rightSectionWidth={48}
        {...form.getInputProps('amount')}
      />
      {declined && (
        <Alert color="red" role="alert" title={t('pay.refused')}>
          {declined}
        </Alert>
      )}
    </FormModal>
  );
}
