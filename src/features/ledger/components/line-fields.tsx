import { Group, NativeSelect, NumberInput, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { CHARGE_CATEGORIES, formatPercent } from '@shared/ledger';
import { formatMoney } from '@/lib/format';
import type { TaxType } from '@shared/schemas/configuration';
import type { Consumable, Vec } from '@shared/schemas/venue-setup';
import { amountToText } from '@/lib/amount-text';
import { isMoneyKind, type TransactionValues } from '../transaction-values';

interface LineFieldsProps {
  form: UseFormReturnType<TransactionValues>;
  consumables: readonly Consumable[];
  events: readonly Vec[];
  taxTypes: readonly TaxType[];
  currency: string;
  /** The event the server applies when none is chosen (the rider's only event), if any. */
  defaultEvent?: number | null;
}

const FIELD_WIDTH = { base: '100%', sm: 220 };

/** What was sold or paid: consumable, event, category, description, quantity, price and tax type. */
export function LineFields({ form, consumables, events, taxTypes, currency, defaultEvent }: LineFieldsProps) {
  const { t } = useTranslation('ledger');
  const money = isMoneyKind(form.values.kind);
  const none = (label: string) => [{ value: '', label }];
  const automatic = defaultEvent ? events.find((vec) => vec.id === defaultEvent) : undefined;

  const chooseConsumable = (id: string) => {
    const item = consumables.find((consumable) => String(consumable.id) === id);
    if (!item) return form.setFieldValue('consumable', '');
    form.setValues({
      consumable: id,
      description: item.name,
      unit_price: amountToText(item.unit_price),
      category: item.category,
    });
  };

  return (
    <>
      {!money && (
        <Group align="flex-start" wrap="wrap">
          <NativeSelect
            label={t('form.consumable')}
            data={[
              ...none(t('form.noConsumable')),
              ...consumables.map((item) => ({
                value: String(item.id),
                label: `${item.name} · ${formatMoney(item.unit_price, currency)} / ${item.unit}`,
              })),
            ]}
            {...form.getInputProps('consumable')}
            onChange={(event) => chooseConsumable(event.currentTarget.value)}
            w={FIELD_WIDTH}
          />
          <NativeSelect
            label={t('form.event')}
            data={[
              ...none(automatic ? t('form.autoEvent', { name: automatic.name }) : t('form.noEvent')),
              ...events.map((vec) => ({ value: String(vec.id), label: vec.name })),
            ]}
            {...form.getInputProps('vec')}
            w={FIELD_WIDTH}
          />
          <NativeSelect
            label={t('form.category')}
            data={CHARGE_CATEGORIES.map((category) => ({ value: category, label: t(`category.${category}`) }))}
            {...form.getInputProps('category')}
            w={FIELD_WIDTH}
          />
        </Group>
      )}
      <TextInput label={t('form.description')} maxLength={500} {...form.getInputProps('description')} />
      <Group align="flex-start" wrap="wrap">
        {!money && (
          <NumberInput
            label={t('form.quantity')}
            required
            // nothing is clamped or made positive behind the user's back; the form
            // refuses 0, -3 and 100000 on the field instead.
            clampBehavior="none"
            allowDecimal={false}
            {...form.getInputProps('quantity')}
            w={{ base: '100%', sm: 120 }}
          />
        )}
        <TextInput
          label={money ? t('form.amount') : t('form.unitPrice')}
          description={t('form.priceHint', { currency })}
          required={!form.values.consumable || money}
          inputMode="decimal"
          autoComplete="off"
          {...form.getInputProps('unit_price')}
          w={FIELD_WIDTH}
        />
        {!money && (
          <NativeSelect
            label={t('form.taxType')}
            description={t('form.taxTypeHint')}
            data={[
              ...none(t('form.defaultTax')),
              ...taxTypes.map((type) => ({
                value: String(type.id),
                label:
                  type.current_rate_bp === null ? type.name : `${type.name} (${formatPercent(type.current_rate_bp)} %)`,
              })),
            ]}
            {...form.getInputProps('tax_type')}
            w={FIELD_WIDTH}
          />
        )}
      </Group>
    </>
  );
}
