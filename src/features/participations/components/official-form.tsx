import { NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { formatPercent, parsePercent } from '@shared/ledger';
import { OFFICIAL_FUNCTIONS, type OfficialParticipation } from '@shared/schemas/participation';
import { translateFieldError } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useSubmit } from '@/lib/use-submit';
import { amountFromText, amountToText } from '@/lib/amount-text';
import { useCreateOfficialParticipation } from '../api/create-official-participation';
import { useUpdateOfficialParticipation } from '../api/update-official-participation';
import { FormModal } from '@/lib/components/form-modal';
import { PersonSelect } from './person-select';

/** Amounts and the withholding percentage are held as typed ("250,00", "15"). */
interface OfficialValues {
  official: number | null;
  function: (typeof OFFICIAL_FUNCTIONS)[number] | null;
  date_from: string;
  date_to: string;
  days: number | string;
  day_rate: string;
  travel: string;
  per_diem: string;
  withholding_bp: string;
}

const amount = (value: string) => (amountFromText(value) === null ? translateFieldError('invalid') : null);

function validate(values: OfficialValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (values.official === null) errors.official = translateFieldError('required');
  if (values.function === null) errors.function = translateFieldError('required');
  if (values.date_from && values.date_to && values.date_to < values.date_from) {
    errors.date_to = translateFieldError('invalid_date');
  }
  for (const field of ['day_rate', 'travel', 'per_diem'] as const) {
    const error = amount(values[field]);
    if (error) errors[field] = error;
  }
  if (parsePercent(values.withholding_bp) === null) errors.withholding_bp = translateFieldError('invalid');
  return errors;
}

interface OfficialFormProps {
  venueId: number;
  participation: OfficialParticipation | null;
  onClose(): void;
}

/** An official at the venue: function, days and fees (the compensation bill is built from these). */
export function OfficialForm({ venueId, participation, onClose }: OfficialFormProps) {
  const { t } = useTranslation('participants');
  const create = useCreateOfficialParticipation();
  const update = useUpdateOfficialParticipation();
  const form = useForm<OfficialValues>({
    initialValues: {
      official: participation?.official.id ?? null,
      function: participation?.function ?? null,
      date_from: participation?.date_from ?? '',
      date_to: participation?.date_to ?? '',
      days: participation?.days ?? 1,
      day_rate: amountToText(participation?.day_rate ?? 0),
      travel: amountToText(participation?.travel ?? 0),
      per_diem: amountToText(participation?.per_diem ?? 0),
      withholding_bp: formatPercent(participation?.withholding_bp ?? 0),
    },
    validate,
  });
  const { formErrors, run } = useSubmit(form);
  const submit = form.onSubmit(async (values) => {
    const input = {
      venue: venueId,
      official: values.official ?? 0,
      function: values.function ?? 'other',
      date_from: values.date_from || null,
      date_to: values.date_to || null,
      days: Number(values.days || 0),
      day_rate: amountFromText(values.day_rate) ?? 0,
      travel: amountFromText(values.travel) ?? 0,
      per_diem: amountFromText(values.per_diem) ?? 0,
      withholding_bp: parsePercent(values.withholding_bp) ?? 0,
    };
    const saved = await run(async () => {
      if (participation) await update.mutateAsync({ ...input, id: participation.id });
      else await create.mutateAsync(input);
    });
    if (!saved) return;
    notify.success(t('toast.saved'));
    onClose();
  });
  return (
    <FormModal
      title={participation ? t('officials.editTitle', { name: participation.official.name }) : t('officials.add')}
      onClose={onClose}
      onSubmit={submit}
      errors={formErrors}
      submitting={form.submitting}
      size="lg"
    >
      {participation === null && (
        <PersonSelect
          kind="official"
          label={t('officials.official')}
          required
          value={form.values.official}
          onChange={(person) => form.setFieldValue('official', person?.id ?? null)}
          error={form.errors.official as string | undefined}
        />
      )}
      <Select
        label={t('officials.function')}
        required
        allowDeselect={false}
        data={OFFICIAL_FUNCTIONS.map((value) => ({ value, label: t(`functions.${value}`) }))}
        {...form.getInputProps('function')}
      />
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <TextInput type="date" label={t('officials.dateFrom')} {...form.getInputProps('date_from')} />
        <TextInput type="date" label={t('officials.dateTo')} {...form.getInputProps('date_to')} />
        <NumberInput
          label={t('officials.days')}
          min={0}
          max={366}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('days')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput label={t('officials.dayRate')} inputMode="decimal" {...form.getInputProps('day_rate')} />
        <TextInput label={t('officials.travel')} inputMode="decimal" {...form.getInputProps('travel')} />
        <TextInput label={t('officials.perDiem')} inputMode="decimal" {...form.getInputProps('per_diem')} />
        <TextInput
          label={t('officials.withholding')}
          inputMode="decimal"
          rightSection="%"
          {...form.getInputProps('withholding_bp')}
        />
      </SimpleGrid>
    </FormModal>
  );
}
