import { Alert, Button, Radio, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { StripeCardElement } from '@stripe/stripe-js';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreatePaymentInput, PaymentIntent } from '@shared/schemas/payments';
import { FormErrorList } from '@/lib/components/form-error-list';
import { amountFromText, amountToText } from '@/lib/amount-text';
import { formatMoney } from '@/lib/format';
import { submitErrors } from '@/lib/form-errors';
import { href } from '@/lib/paths';
import { useIdempotencyKey } from '@/lib/use-idempotency-key';
import { paymentAmount, type AmountProblem } from '../amount';
import { providerMessage } from '../provider-message';
import { createPayment } from '../api/create-payment';
import { useCards } from '../api/list-cards';
import { cardExpiry, cardName } from '../card-label';
import type { PayerRef } from '../keys';
import { confirmPayment } from '../stripe/confirm';
import { useProvider } from '../stripe/use-provider';
import { CardField } from './card-field';

const NEW_CARD = 'new';

interface PayFormProps {
  payer: PayerRef;
  venue: number;
  currency: string;
  /** What may be paid now (the open balance less what is being processed), minor units. */
  payable: number;
  minimum: number;
  origin: 'self' | 'checkout';
  /** The signed-in user, whose saved cards are offered. */
  user: number;
  publishableKey: string;
  /** Pay exactly `payable` (self-checkout's "the rest"); otherwise the payer types the amount. */
  fixedAmount?: boolean;
  /** The provider confirmed the payment in the page (no 3-D Secure detour). */
  onPaid(intent: string): void;
}

interface PayValues {
  amount: string;
  /** A saved card's id, or `new`. */
  method: string;
}

/** Where the provider sends the payer back to after 3-D Secure. */
export function confirmationUrl(): string {
  return `${window.location.origin}${href('confirmPayment')}`;
}

/**
 * Paying a venue by card: the amount (all or part of what is open, in the venue's currency),
 * a saved card or a new one in the provider's card element, then the provider's confirmation.
 * One Idempotency-Key per attempt; the ledger posts only on the provider's webhook.
 */
export function PayForm(props: PayFormProps) {
  const { payer, venue, currency, payable, minimum, origin, user, publishableKey, fixedAmount = false, onPaid } = props;
  const { t, i18n } = useTranslation('payments');
  const cards = useCards(user);
  const provider = useProvider(publishableKey);
  const saved = cards.data?.results ?? [];
  const form = useForm<PayValues>({
    initialValues: { amount: amountToText(payable, i18n.language), method: '' },
  });
  const method = form.values.method || (saved[0] ? String(saved[0].id) : NEW_CARD);
  const [card, setCard] = useState<StripeCardElement | null>(null);
  const [busy, setBusy] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [providerError, setProviderError] = useState<string | null>(null);
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const idempotency = useIdempotencyKey();

  const problemText = (problem: AmountProblem) =>
    problem === 'below_minimum'
      ? t('pay.belowMinimum', { minimum: formatMoney(minimum, currency) })
      : problem === 'over_balance'
        ? t('pay.overBalance', { open: formatMoney(payable, currency) })
        : t(`pay.${problem}`);

  const submit = form.onSubmit(async (values) => {
    setProviderError(null);
    setFormErrors([]);
    const amount = fixedAmount
      ? { minor: payable }
      : paymentAmount(values.amount, { open: payable, minimum }, i18n.language);
    if ('problem' in amount) {
      form.setFieldError('amount', problemText(amount.problem));
      return;
    }
    const newCard = method === NEW_CARD;
    if (newCard && !card) {
      setProviderError(t('card.notReady'));
      return;
    }
    const input: CreatePaymentInput = {
      venue,
      party_type: payer.type,
      party_id: payer.id,
      amount: amount.minor,
      currency,
      origin,
      ...(newCard ? {} : { card: Number(method) }),
    };
    setBusy(true);
    try {
      let intent: PaymentIntent;
      try {
        intent = await createPayment(input, idempotency.keyFor(input));
        idempotency.settle();
      } catch (error) {
        idempotency.settle(error);
        const refused = providerMessage(error);
        if (refused) {
          setProviderError(refused);
          return;
        }
        const mapped = submitErrors(error, { amount: '', currency: '', card: '' });
        const onAmount = [mapped.fields.amount, mapped.fields.currency].filter(Boolean).join(' ');
        form.setErrors({
          ...(onAmount ? { amount: onAmount } : {}),
          ...(mapped.fields.card ? { method: mapped.fields.card } : {}),
        });
        setFormErrors(mapped.form);
        return;
      }
      const stripe = provider.data ?? (await provider.refetch()).data;
      if (!stripe) {
        setProviderError(t('card.loadFailed'));
        return;
      }
      const outcome = await confirmPayment(stripe, intent, {
        card: newCard ? card : null,
        returnUrl: confirmationUrl(),
        fallback: t('pay.failed'),
      });
      if (outcome.kind === 'error') setProviderError(outcome.message);
      else if (outcome.kind === 'redirect') setLeaving(true);
      else onPaid(outcome.intent);
    } finally {
      setBusy(false);
    }
  });

  const typed = fixedAmount ? payable : amountFromText(form.values.amount, i18n.language);
  const amountText = typed ? formatMoney(typed, currency) : null;

  return (
    <form onSubmit={submit} noValidate aria-label={t('pay.title')}>
      <Stack maw={640}>
        {fixedAmount ? (
          <Text>{t('pay.fixed', { amount: formatMoney(payable, currency) })}</Text>
        ) : (
          <TextInput
            label={t('pay.amount', { currency })}
            description={t('pay.limits', {
              open: formatMoney(payable, currency),
              minimum: formatMoney(minimum, currency),
            })}
            inputMode="decimal"
            autoComplete="off"
            required
            rightSection={<Text size="sm">{currency}</Text>}
            rightSectionWidth={48}
            {...form.getInputProps('amount')}
          />
        )}
        {/* The choice appears with the saved cards, so that it never changes under the payer's hand. */}
        {cards.isPending && <Skeleton height={72} aria-label={t('loading')} />}
        {!cards.isPending && (
          <Radio.Group
            label={t('pay.method')}
            value={method}
            onChange={(value) => {
              form.setFieldValue('method', value);
              setProviderError(null);
            }}
            error={form.errors.method}
          >
            <Stack gap="xs" mt="xs">
              {saved.map((option) => (
                <Radio
                  key={option.id}
                  value={String(option.id)}
                  label={t('pay.savedCard', { card: cardName(option), expiry: cardExpiry(option) })}
                />
              ))}
              <Radio value={NEW_CARD} label={t('pay.newCard')} />
            </Stack>
          </Radio.Group>
        )}
        {!cards.isPending && method === NEW_CARD && provider.data && (
          <CardField stripe={provider.data} onReady={setCard} />
        )}
        {method === NEW_CARD && provider.isError && (
          <Alert color="red" role="alert">
            {t('card.loadFailed')}
          </Alert>
        )}
        {providerError && (
          <Alert color="red" role="alert" title={t('pay.refused')}>
            {providerError}
          </Alert>
        )}
        {leaving && (
          <Alert color="blue" role="status">
            {t('pay.redirecting')}
          </Alert>
        )}
        <FormErrorList errors={formErrors} />
        <Button
          type="submit"
          loading={busy || leaving}
          disabled={(method === NEW_CARD && !card) || cards.isPending}
          style={{ alignSelf: 'flex-start' }}
        >
          {amountText ? t('pay.submitAmount', { amount: amountText }) : t('pay.submit')}
        </Button>
      </Stack>
    </form>
  );
}
