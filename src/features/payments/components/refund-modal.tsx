import { Radio, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CardPayment, RefundInput } from '@shared/schemas/payments';
import { FormModal } from '@/lib/components/form-modal';
import { formatMoney } from '@/lib/format';
import { notify } from '@/lib/notify';
import { submitErrors } from '@/lib/form-errors';
import { useIdempotencyKey } from '@/lib/use-idempotency-key';
import { paymentAmount } from '../amount';
import { useRefundPayment } from '../api/refund-payment';

interface RefundValues {
  scope: 'full' | 'part';
  amount: string;
}

/** Refund a card payment, all of what is not refunded yet or part of it (office). */
export function RefundModal({ payment, onClose }: { payment: CardPayment; onClose(): void }) {
  const { t, i18n } = useTranslation('payments');
  const left = payment.amount - payment.refunded;
  const form = useForm<RefundValues>({ initialValues: { scope: 'full', amount: '' } });
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const refund = useRefundPayment();
  const idempotency = useIdempotencyKey();

  const submit = form.onSubmit(async (values) => {
    setFormErrors([]);
    let input: RefundInput = {};
    if (values.scope === 'part') {
      const amount = paymentAmount(values.amount, { open: left, minimum: 1 }, i18n.language);
      if ('problem' in amount) {
        form.setFieldError(
          'amount',
          amount.problem === 'over_balance'
            ? t('refund.overLeft', { left: formatMoney(left, payment.currency) })
            : t(`pay.${amount.problem === 'below_minimum' ? 'invalid' : amount.problem}`),
        );
        return;
      }
      input = { amount: amount.minor };
    }
    const body = { payment: payment.id, input };
    try {
      await refund.mutateAsync({ ...body, idempotencyKey: idempotency.keyFor(body) });
      idempotency.settle();
      notify.success(t('refund.done'));
      onClose();
    } catch (error) {
      idempotency.settle(error);
      const mapped = submitErrors(error, { amount: '' });
      if (mapped.fields.amount) form.setFieldError('amount', mapped.fields.amount);
      setFormErrors(mapped.form);
    }
  });

  return (
    <FormModal
      title={t('refund.title', { party: payment.party_name })}
      onClose={onClose}
      onSubmit={submit}
      errors={formErrors}
      submitting={refund.isPending}
      submitLabel={t('refund.submit')}
    >
      <Text>
        {t('refund.intro', {
          amount: formatMoney(payment.amount, payment.currency),
          left: formatMoney(left, payment.currency),
        })}
      </Text>
      <Radio.Group label={t('refund.scope')} {...form.getInputProps('scope')}>
        <Stack gap="xs" mt="xs">
          <Radio value="full" label={t('refund.full', { left: formatMoney(left, payment.currency) })} />
          <Radio value="part" label={t('refund.part')} />
        </Stack>
      </Radio.Group>
      {form.values.scope === 'part' && (
        <TextInput
          label={t('pay.amount', { currency: payment.currency })}
          inputMode="decimal"
          autoComplete="off"
          required
          rightSection={<Text size="sm">{payment.currency}</Text>}
          rightSectionWidth={48}
          {...form.getInputProps('amount')}
        />
      )}
    </FormModal>
  );
}
