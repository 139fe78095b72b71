import { Button, Fieldset, Group, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatPercent, parsePercent } from '@shared/ledger';
import {
  CATEGORIES_WITH_LEGAL_TEXT,
  TAX_TYPE_CATEGORIES,
  type TaxType,
  type TaxTypeCategory,
} from '@shared/schemas/configuration';
import { translateFieldError } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useSubmit } from '@/lib/use-submit';
import { useCreateTaxType } from '../api/create-tax-type';
import { useUpdateTaxType } from '../api/update-tax-type';
import { FormModal } from '@/lib/components/form-modal';

/** A rate as typed: `rate_bp` holds the percent text ("22", "9,5"); it is sent in basis points. */
interface RateValues {
  rate_bp: string;
  valid_from: string;
  valid_to: string;
}

interface TaxTypeValues {
  code: string;
  name: string;
  category: TaxTypeCategory;
  exemption_reason: string;
  exemption_code: string;
  rates: RateValues[];
}

const EMPTY_RATE: RateValues = { rate_bp: '', valid_from: '', valid_to: '' };

function initialValues(taxType: TaxType | null): TaxTypeValues {
  if (!taxType) {
    return { code: '', name: '', category: 'S', exemption_reason: '', exemption_code: '', rates: [EMPTY_RATE] };
  }
  return {
    code: taxType.code,
    name: taxType.name,
    category: taxType.category,
    exemption_reason: taxType.exemption_reason ?? '',
    exemption_code: taxType.exemption_code ?? '',
    rates: taxType.rates.map((rate) => ({
      rate_bp: formatPercent(rate.rate_bp),
      valid_from: rate.valid_from,
      valid_to: rate.valid_to ?? '',
    })),
  };
}

function validate(values: TaxTypeValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.code.trim()) errors.code = translateFieldError('required');
  if (!values.name.trim()) errors.name = translateFieldError('required');
  if (CATEGORIES_WITH_LEGAL_TEXT.includes(values.category) && !values.exemption_reason.trim()) {
    errors.exemption_reason = translateFieldError('required');
  }
  values.rates.forEach((rate, index) => {
    const bp = parsePercent(rate.rate_bp);
    if (bp === null) errors[`rates.${index}.rate_bp`] = translateFieldError('invalid');
    else if (values.category === 'S' && bp === 0) errors[`rates.${index}.rate_bp`] = translateFieldError('too_small');
    else if (values.category !== 'S' && bp !== 0) {
      errors[`rates.${index}.rate_bp`] = translateFieldError('not_zero_rated');
    }
    if (!rate.valid_from) errors[`rates.${index}.valid_from`] = translateFieldError('required');
    else if (rate.valid_to && rate.valid_to < rate.valid_from) {
      errors[`rates.${index}.valid_to`] = translateFieldError('invalid_date');
    }
  });
  return errors;
}

/** Create or edit a tax type with its rates; each rate is valid from a day, optionally until one. */
export function TaxTypeForm({ taxType, onClose }: { taxType: TaxType | null; onClose(): void }) {
  const { t } = useTranslation('configuration');
  const create = useCreateTaxType();
  const update = useUpdateTaxType();
  const form = useForm<TaxTypeValues>({ initialValues: initialValues(taxType), validate });
  const { formErrors, run } = useSubmit(form);

  const submit = form.onSubmit(async (values) => {
    const input = {
      code: values.code,
      name: values.name,
      category: values.category,
      exemption_reason: values.exemption_reason.trim() || null,
      exemption_code: values.exemption_code.trim() || null,
      rates: values.rates.map((rate) => ({
        rate_bp: parsePercent(rate.rate_bp) ?? 0,
        valid_from: rate.valid_from,
        valid_to: rate.valid_to || null,
      })),
    };
    const saved = await run(async () => {
      if (taxType) await update.mutateAsync({ ...input, id: taxType.id });
      else await create.mutateAsync(input);
    });
    if (!saved) return;
    notify.success(t('toast.saved'));
    onClose();
  });

  return (
    <FormModal
      title={taxType ? t('taxTypes.edit') : t('taxTypes.add')}
      onClose={onClose}
      onSubmit={submit}
      errors={formErrors}
      submitting={form.submitting}
      size="lg"
    >
      <Group grow align="flex-start" wrap="wrap">
        <TextInput label={t('taxTypes.code')} required miw={140} {...form.getInputProps('code')} />
        <TextInput label={t('taxTypes.name')} required miw={200} {...form.getInputProps('name')} />
      </Group>
      <NativeSelect
        label={t('taxTypes.category')}
        description={t('taxTypes.categoryHint')}
        data={TAX_TYPE_CATEGORIES.map((category) => ({ value: category, label: t(`taxTypes.categories.${category}`) }))}
        {...form.getInputProps('category')}
      />
      {form.values.category !== 'S' && (
        <Group grow align="flex-start" wrap="wrap">
          <Textarea
            label={t('taxTypes.exemptionReason')}
            description={t('taxTypes.exemptionReasonHint')}
            required={CATEGORIES_WITH_LEGAL_TEXT.includes(form.values.category)}
            miw={240}
            {...form.getInputProps('exemption_reason')}
          />
          <TextInput
            label={t('taxTypes.exemptionCode')}
            placeholder="VATEX-EU-132-1M"
            miw={160}
            {...form.getInputProps('exemption_code')}
          />
        </Group>
      )}
      {form.values.rates.map((_, index) => (
        <Fieldset key={index} legend={t('taxTypes.rateLegend', { number: index + 1 })}>
          <Stack gap="xs">
            <Group grow align="flex-start" wrap="wrap">
              <TextInput
                label={t('taxTypes.rate')}
                inputMode="decimal"
                rightSection="%"
                required
                miw={100}
                {...form.getInputProps(`rates.${index}.rate_bp`)}
              />
              <TextInput
                type="date"
                label={t('taxTypes.validFrom')}
                required
                miw={150}
                {...form.getInputProps(`rates.${index}.valid_from`)}
              />
              <TextInput
                type="date"
                label={t('taxTypes.validTo')}
                miw={150}
                {...form.getInputProps(`rates.${index}.valid_to`)}
              />
            </Group>
            {form.values.rates.length > 1 && (
              <Group justify="flex-end">
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  onClick={() => form.removeListItem('rates', index)}
                >
                  {t('taxTypes.removeRate', { number: index + 1 })}
                </Button>
              </Group>
            )}
          </Stack>
        </Fieldset>
      ))}
      <Group>
        <Button
          variant="default"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => form.insertListItem('rates', EMPTY_RATE)}
        >
          {t('taxTypes.addRate')}
        </Button>
      </Group>
    </FormModal>
  );
}
