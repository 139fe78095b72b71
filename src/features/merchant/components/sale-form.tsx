import { Alert, Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_QUANTITY, MAX_UNIT_PRICE_MINOR } from '@shared/ledger';
import { minorToDecimalString } from '@shared/money';
import { formatMoney } from '@/lib/format';
import type { Transaction } from '@shared/schemas/ledger';
import type { PersonAtVenue } from '@shared/schemas/participation';
import { amountFromText } from '@/lib/amount-text';
import { translateFieldError } from '@/lib/form-errors';
import { useSubmit } from '@/lib/use-submit';
import { FormActions } from '@/lib/components/form-actions';
import { useCreateSale, type IdempotencyKeys } from '../api/create-sale';
import { useSaleVenues } from '../api/list-venues';
import { RiderPicker } from './rider-picker';

/** Named as the ledger names them, so the server's field errors land on them. */
interface SaleValues {
  venue: string | null;
  description: string;
  quantity: string;
  unit_price: string;
}

function validate(values: SaleValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const quantity = Number(values.quantity);
  if (!Number.isInteger(quantity) || quantity < 1) errors.quantity = 'invalid';
  else if (quantity > MAX_QUANTITY) errors.quantity = 'too_big';
  const price = amountFromText(values.unit_price);
  if (!values.unit_price.trim()) errors.unit_price = 'required';
  else if (price === null || price < 1) errors.unit_price = 'invalid';
  else if (price > MAX_UNIT_PRICE_MINOR) errors.unit_price = 'too_big';
  return Object.fromEntries(Object.entries(errors).map(([field, code]) => [field, translateFieldError(code)]));
}

interface SaleFormProps {
  merchant: number;
  idempotency: IdempotencyKeys;
}

/** Charge a rider at a show: whom, what, quantity × unit price; the answer shows the fee. */
export function SaleForm({ merchant, idempotency }: SaleFormProps) {
  const { t } = useTranslation('people');
  const venues = useSaleVenues();
  const create = useCreateSale(idempotency);
  const [rider, setRider] = useState<PersonAtVenue | null>(null);
  const [done, setDone] = useState<Transaction | null>(null);
  const form = useForm<SaleValues>({
    mode: 'controlled',
    initialValues: { venue: null, description: '', quantity: '1', unit_price: '' },
    validate,
    onValuesChange: (values, previous) => {
      if (values.venue !== previous.venue) setRider(null);
    },
  });
  const { formErrors, run } = useSubmit(form);
  const venue = form.values.venue ? Number(form.values.venue) : null;
  const price = amountFromText(form.values.unit_price);
  const quantity = Number(form.values.quantity);
  const total = price !== null && Number.isInteger(quantity) && quantity > 0 ? price * quantity : null;

  const submit = form.onSubmit(async (values) => {
    const input = {
      venue,
      merchant,
      rider: rider?.id ?? null,
      description: values.description,
      quantity: Number(values.quantity),
      unit_price: amountFromText(values.unit_price) ?? 0,
    };
    await run(async () => setDone(await create.mutateAsync(input)));
  });

  function next() {
    setDone(null);
    setRider(null);
    form.setValues({ description: '', quantity: '1', unit_price: '' });
  }

  if (done) {
    return (
      <Alert color="green" role="status" title={t('sale.done')}>
        <Stack gap="sm">
          <Text>
            {t('sale.charged', { amount: formatMoney(Math.abs(done.gross), done.currency), name: done.party.name })}
          </Text>
          <Text>{t('sale.fee', { fee: formatMoney(done.fee, done.currency) })}</Text>
          <Group>
            <Button onClick={next}>{t('sale.next')}</Button>
          </Group>
        </Stack>
      </Alert>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t('sale.title')}>
      <Stack maw={640}>
        <Select
          label={t('sale.venue')}
          required
          searchable
          data={venues.data ?? []}
          nothingFoundMessage={t('sale.noVenues')}
          key={form.key('venue')}
          {...form.getInputProps('venue')}
        />
        <Card withBorder>
          {rider ? (
            <Group justify="space-between" wrap="wrap">
              <Stack gap={0}>
                <Text size="sm" c="dimmed">
                  {t('sale.rider')}
                </Text>
                <Text fw={600}>{rider.name}</Text>
              </Stack>
              <Button variant="subtle" onClick={() => setRider(null)}>
                {t('sale.changeRider')}
              </Button>
            </Group>
          ) : (
            <RiderPicker venue={venue} onPick={setRider} />
          )}
        </Card>
        <TextInput label={t('sale.description')} key={form.key('description')} {...form.getInputProps('description')} />
        <SimpleGrid cols={2}>
          <TextInput
            label={t('sale.quantity')}
            inputMode="numeric"
            required
            key={form.key('quantity')}
            {...form.getInputProps('quantity')}
          />
          <TextInput
            label={t('sale.unitPrice')}
            inputMode="decimal"
            required
            key={form.key('unit_price')}
            {...form.getInputProps('unit_price')}
          />
        </SimpleGrid>
        <Text fw={600} aria-live="polite">
          {t('sale.total', { total: total === null ? '—' : minorToDecimalString(total) })}
        </Text>
        <FormActions errors={formErrors} submitting={create.isPending} submitLabel={t('sale.submit')} />
      </Stack>
    </form>
  );
}
