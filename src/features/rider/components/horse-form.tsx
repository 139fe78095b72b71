import { NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { feiHorseIdField } from '@shared/schemas/owner';
import { horseInput } from '@shared/schemas/participation';
import { schemaValidator } from '@/lib/form-errors';
import { useSubmit } from '@/lib/use-submit';
import { FormActions } from '@/lib/components/form-actions';
import type { HorseAction } from '../api/change-horses';

type NewHorse = Extract<HorseAction, { horse: unknown }>['horse'];

interface HorseValues {
  name: string;
  fei_id: string;
  national_id: string;
  birth_year: number | string;
  sex: string | null;
  colour: string;
  breed: string;
}

/** The horse form checks an FEI passport id the way the FEI writes them: 105IG70. */
const validateInput = schemaValidator<NewHorse>(horseInput.extend({ fei_id: feiHorseIdField.nullish() }));
const SEXES = ['mare', 'gelding', 'stallion'] as const;

function toInput(values: HorseValues): NewHorse {
  const text = (value: string) => value.trim() || null;
  return {
    name: values.name.trim(),
    fei_id: text(values.fei_id)?.toUpperCase() ?? null,
    national_id: text(values.national_id),
    birth_year: values.birth_year === '' ? null : Number(values.birth_year),
    sex: (values.sex as NewHorse['sex']) ?? null,
    colour: text(values.colour),
    breed: text(values.breed),
  };
}

/** A new horse, created and assigned to the rider in one request. */
export function HorseForm({ onSubmit }: { onSubmit(horse: NewHorse): Promise<void> }) {
  const { t } = useTranslation('people');
  const form = useForm<HorseValues>({
    mode: 'uncontrolled',
    initialValues: { name: '', fei_id: '', national_id: '', birth_year: '', sex: null, colour: '', breed: '' },
    validate: (values) => validateInput(toInput(values)),
  });
  const { formErrors, run } = useSubmit(form);
  const submit = form.onSubmit((values) => run(() => onSubmit(toInput(values))));
  return (
    <form onSubmit={submit} noValidate aria-label={t('horses.create')}>
      <Stack>
        <TextInput label={t('horses.name')} required key={form.key('name')} {...form.getInputProps('name')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('horses.feiId')}
            description={t('horses.feiIdHint')}
            key={form.key('fei_id')}
            {...form.getInputProps('fei_id')}
          />
          <TextInput
            label={t('horses.nationalId')}
            key={form.key('national_id')}
            {...form.getInputProps('national_id')}
          />
          <NumberInput
            label={t('horses.birthYear')}
            allowDecimal={false}
            allowNegative={false}
            key={form.key('birth_year')}
            {...form.getInputProps('birth_year')}
          />
          <Select
            label={t('horses.sex')}
            clearable
            data={SEXES.map((sex) => ({ value: sex, label: t(`horses.sexes.${sex}`) }))}
            key={form.key('sex')}
            {...form.getInputProps('sex')}
          />
          <TextInput label={t('horses.colour')} key={form.key('colour')} {...form.getInputProps('colour')} />
          <TextInput label={t('horses.breed')} key={form.key('breed')} {...form.getInputProps('breed')} />
        </SimpleGrid>
        <FormActions errors={formErrors} submitting={form.submitting} submitLabel={t('horses.createSubmit')} />
      </Stack>
    </form>
  );
}
