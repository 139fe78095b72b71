import { Button, Card, Group, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DISCIPLINES } from '@shared/schemas/configuration';
import type { Competition } from '@shared/schemas/venue-setup';
import { FormErrorList } from '@/lib/components/form-error-list';
import { translateFieldError } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useSubmit } from '@/lib/use-submit';
import { amountFromText, amountToText } from '@/lib/amount-text';
import { useCreateCompetition, type CompetitionInput } from '../api/create-competition';
import { useVecs } from '../api/list-vecs';
import { useUpdateCompetition } from '../api/update-competition';

interface CompetitionValues {
  vec: number | null;
  number: string;
  name: string;
  /** `datetime-local` text in the browser's time zone. */
  starts_at: string;
  discipline: (typeof DISCIPLINES)[number];
  rule: string;
  height_cm: number | string;
  /** Amounts as typed ("150,00"). */
  entry_fee: string;
  prize_money: string;
}

const LOCAL_DATE_TIME = 'YYYY-MM-DDTHH:mm';

function initialValues(competition: Competition | undefined): CompetitionValues {
  return {
    vec: competition?.vec ?? null,
    number: competition?.number ?? '',
    name: competition?.name ?? '',
    starts_at: competition?.starts_at ? dayjs(competition.starts_at).format(LOCAL_DATE_TIME) : '',
    discipline: competition?.discipline ?? 'jumping',
    rule: competition?.rule ?? '',
    height_cm: competition?.height_cm ?? '',
    entry_fee: amountToText(competition?.entry_fee ?? 0),
    prize_money: amountToText(competition?.prize_money ?? 0),
  };
}

function toInput(values: CompetitionValues): CompetitionInput {
  return {
    vec: values.vec ?? 0,
    number: values.number,
    name: values.name,
    starts_at: values.starts_at ? dayjs(values.starts_at).toISOString() : null,
    discipline: values.discipline,
    rule: values.rule.trim() || null,
    height_cm: values.height_cm === '' ? null : Number(values.height_cm),
    entry_fee: amountFromText(values.entry_fee) ?? 0,
    prize_money: amountFromText(values.prize_money) ?? 0,
  };
}

const required = (value: string) => (value.trim() ? null : translateFieldError('required'));
const amount = (value: string) => (amountFromText(value) === null ? translateFieldError('invalid') : null);

interface CompetitionFormProps {
  venueId: number;
  competition?: Competition;
  onSaved(competition: Competition): void;
}

/** A competition's basic fields: event, number, name, start, discipline, rule, height, fee, prize money. */
export function CompetitionForm({ venueId, competition, onSaved }: CompetitionFormProps) {
  const { t } = useTranslation(['venueSetup', 'configuration']);
  const vecs = useVecs(venueId);
  const create = useCreateCompetition();
  const update = useUpdateCompetition();
  const form = useForm<CompetitionValues>({
    mode: 'uncontrolled',
    initialValues: initialValues(competition),
    validate: {
      vec: (value) => (value === null ? translateFieldError('required') : null),
      number: required,
      name: required,
      entry_fee: amount,
      prize_money: amount,
    },
  });
  const { formErrors, run } = useSubmit(form);
  const submit = form.onSubmit(async (values) => {
    const result: { competition?: Competition } = {};
    const ok = await run(async () => {
      const input = toInput(values);
      result.competition = competition
        ? await update.mutateAsync({ ...input, id: competition.id })
        : await create.mutateAsync(input);
    });
    if (!ok || !result.competition) return;
    notify.success(t('toast.saved'));
    onSaved(result.competition);
  });

  return (
    <Card withBorder component="form" onSubmit={submit} noValidate aria-label={t('competitions.formTitle')}>
      <Stack>
        <FormErrorList errors={formErrors} />
        <Select<number>
          label={t('competitions.vec')}
          required
          allowDeselect={false}
          data={(vecs.data?.results ?? []).map((vec) => ({ value: vec.id, label: vec.name }))}
          key={form.key('vec')}
          {...form.getInputProps('vec')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('competitions.number')}
            required
            key={form.key('number')}
            {...form.getInputProps('number')}
          />
          <TextInput label={t('competitions.name')} required key={form.key('name')} {...form.getInputProps('name')} />
          <TextInput
            type="datetime-local"
            label={t('competitions.startsAt')}
            key={form.key('starts_at')}
            {...form.getInputProps('starts_at')}
          />
          <Select
            label={t('competitions.discipline')}
            allowDeselect={false}
            data={DISCIPLINES.map((value) => ({ value, label: t(`configuration:discipline.${value}`) }))}
            key={form.key('discipline')}
            {...form.getInputProps('discipline')}
          />
          <TextInput label={t('competitions.rule')} key={form.key('rule')} {...form.getInputProps('rule')} />
          <NumberInput
            label={t('competitions.heightCm')}
            min={0}
            max={300}
            allowDecimal={false}
            allowNegative={false}
            key={form.key('height_cm')}
            {...form.getInputProps('height_cm')}
          />
          <TextInput
            label={t('competitions.entryFee')}
            inputMode="decimal"
            key={form.key('entry_fee')}
            {...form.getInputProps('entry_fee')}
          />
          <TextInput
            label={t('competitions.prizeMoney')}
            inputMode="decimal"
            key={form.key('prize_money')}
            {...form.getInputProps('prize_money')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting}>
            {t('form.save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
