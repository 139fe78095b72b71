import { Button, Group, NativeSelect, NumberInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@shared/money';
import { translateFieldError } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { showError } from '@/lib/api-error';
import { useConsumables, type FloorPerson } from '@/offline/queries';
import { MAX_CHARGE_QUANTITY, recordCharge } from '@/offline/writes';

interface ChargeFormProps {
  venue: number;
  currency: string;
  person: FloorPerson;
}

interface ChargeValues {
  consumable: string;
  quantity: number | string;
}

const START: ChargeValues = { consumable: '', quantity: 1 };

function validQuantity(value: number | string): boolean {
  const n = Number(value);
  return value !== '' && Number.isInteger(n) && n >= 1 && n <= MAX_CHARGE_QUANTITY;
}

/** Charge an item of the venue's price list to the person; saved on this device at once. */
export function ChargeForm({ venue, currency, person }: ChargeFormProps) {
  const { t } = useTranslation('floor');
  const consumables = useConsumables(venue);
  const form = useForm<ChargeValues>({
    initialValues: START,
    validate: {
      consumable: (value) => (value ? null : translateFieldError('required')),
      quantity: (value) => (validQuantity(value) ? null : t('charge.quantityRange', { max: MAX_CHARGE_QUANTITY })),
    },
  });
  const chosen = consumables?.find((c) => String(c.id) === form.values.consumable);

  const submit = form.onSubmit(async (values) => {
    if (!chosen) return;
    try {
      await recordCharge({ venue, currency, person, consumable: chosen, quantity: Number(values.quantity) });
      notify.success(t('charge.saved', { item: chosen.name, name: person.groom?.name ?? person.rider.name }));
      form.setValues(START);
    } catch (error) {
      showError(error);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('charge.title')}>
      <Stack gap="sm">
        <NativeSelect
          label={t('charge.item')}
          required
          size="md"
          data={[
            { value: '', label: t('charge.chooseItem') },
            ...(consumables ?? []).map((c) => ({
              value: String(c.id),
              label: `${c.name} · ${formatMoney(c.unit_price, currency)} / ${c.unit}`,
            })),
          ]}
          {...form.getInputProps('consumable')}
        />
        {consumables?.length === 0 && <Text c="dimmed">{t('charge.noItems')}</Text>}
        <NumberInput
          label={t('charge.quantity')}
          required
          size="md"
          min={1}
          max={MAX_CHARGE_QUANTITY}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          {...form.getInputProps('quantity')}
        />
        <Group justify="space-between">
          <Text fw={600} aria-live="polite">
            {chosen && validQuantity(form.values.quantity)
              ? t('charge.total', { amount: formatMoney(chosen.unit_price * Number(form.values.quantity), currency) })
              : ''}
          </Text>
          <Button type="submit" size="md">
            {t('charge.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
