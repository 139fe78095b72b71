import { Checkbox, Group, Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { CHARGE_CATEGORIES, type ChargeCategory } from '@shared/ledger';
import type { Consumable } from '@shared/schemas/venue-setup';
import { translateFieldError } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useSubmit } from '@/lib/use-submit';
import { amountFromText, amountToText } from '@/lib/amount-text';
import { useCreateConsumable } from '../api/create-consumable';
import { useUpdateConsumable } from '../api/update-consumable';
import { FormModal } from '@/lib/components/form-modal';
import type { TaxTypeOption } from './tax-configuration-form';

interface ConsumableValues {
  name: string;
  category: ChargeCategory | null;
  unit: string;
  /** The price as typed ("12,50"). */
  unit_price: string;
  tax_type: number | null;
  active: boolean;
}

const required = (value: string) => (value.trim() ? null : translateFieldError('required'));

interface ConsumableFormProps {
  venueId: number;
  consumable: Consumable | null;
  taxTypes: TaxTypeOption[];
  onClose(): void;
}

export function ConsumableForm({ venueId, consumable, taxTypes, onClose }: ConsumableFormProps) {
  const { t } = useTranslation('venueSetup');
  const create = useCreateConsumable();
  const update = useUpdateConsumable();
  const form = useForm<ConsumableValues>({
    mode: 'uncontrolled',
    initialValues: {
      name: consumable?.name ?? '',
      category: consumable?.category ?? null,
      unit: consumable?.unit ?? t('consumables.defaultUnit'),
      unit_price: amountToText(consumable?.unit_price),
      tax_type: consumable?.tax_type ?? null,
      active: consumable?.active ?? true,
    },
    validate: {
      name: required,
      unit: required,
      category: (value) => (value === null ? translateFieldError('required') : null),
      unit_price: (value) =>
        amountFromText(value) === null ? translateFieldError(value.trim() ? 'invalid' : 'required') : null,
    },
  });
  const { formErrors, run } = useSubmit(form);
  const submit = form.onSubmit(async (values) => {
    const input = {
      venue: venueId,
      name: values.name,
      category: values.category ?? 'other',
      unit: values.unit,
      unit_price: amountFromText(values.unit_price) ?? 0,
      tax_type: values.tax_type,
      active: values.active,
    };
    const saved = await run(async () => {
      if (consumable) await update.mutateAsync({ ...input, id: consumable.id });
      else await create.mutateAsync(input);
    });
    if (!saved) return;
    notify.success(t('toast.saved'));
    onClose();
  });
  return (
    <FormModal
      title={consumable ? t('consumables.edit') : t('consumables.add')}
      onClose={onClose}
      onSubmit={submit}
      errors={formErrors}
      submitting={form.submitting}
    >
      <TextInput label={t('consumables.name')} required key={form.key('name')} {...form.getInputProps('name')} />
      <Select
        label={t('consumables.category')}
        required
        allowDeselect={false}
        data={CHARGE_CATEGORIES.map((value) => ({ value, label: t(`category.${value}`) }))}
        key={form.key('category')}
        {...form.getInputProps('category')}
      />
      <Group grow align="flex-start" wrap="wrap">
        <TextInput
          label={t('consumables.unit')}
          required
          miw={120}
          key={form.key('unit')}
          {...form.getInputProps('unit')}
        />
        <TextInput
          label={t('consumables.unitPrice')}
          required
          inputMode="decimal"
          miw={120}
          key={form.key('unit_price')}
          {...form.getInputProps('unit_price')}
        />
      </Group>
      <Select<number>
        label={t('consumables.taxType')}
        description={t('consumables.taxTypeHint')}
        clearable
        data={taxTypes.map((taxType) => ({ value: taxType.id, label: taxType.name }))}
        key={form.key('tax_type')}
        {...form.getInputProps('tax_type')}
      />
      <Checkbox
        label={t('consumables.active')}
        key={form.key('active')}
        {...form.getInputProps('active', { type: 'checkbox' })}
      />
    </FormModal>
  );
}
