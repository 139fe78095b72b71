import {
  Button,
  Card,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { fromLocalInput, toLocalInput } from '@/lib/format';
import { DISCIPLINES } from '@shared/schemas/configuration';
import type { Competition } from '@shared/schemas/venue-setup';
import { DEFAULT_KNOCK_DOWN_SECONDS, KNOCK_DOWN_SECONDS, RANKING_RULES } from '@shared/sport/ranking';
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
  /** `datetime-local` text in the venue's time zone (the zone times are shown in). */
  starts_at: string;
  discipline: (typeof DISCIPLINES)[number];
  rule: string;
  height_cm: number | string;
  /** Amounts as typed ("150,00"). */
  entry_fee: string;
  prize_money: string;
  arena: string;
  ranking_rule: (typeof RANKING_RULES)[number];
  /** Table C's seconds per knock-down, as the Select's text ("4", "3"). */
  knock_down_seconds: string;
  fei_id: string;
  start_interval_seconds: number | string;
  /** `datetime-local` text in the venue's time zone (the zone times are shown in). */
  entry_deadline: string;
  /** The prize chart: amounts by rank, or percentages of the prize money by rank. */
  chart_mode: ChartMode;
  /** One value per rank, separated by `;` ("1500,00; 1000,00" or "25; 20; 15"). */
  chart: string;
}

type ChartMode = 'amounts' | 'percentages';
const CHART_SEPARATOR = /\s*;\s*/;

/** Percent in basis points as typed: "25" → 2500, "12,5" → 1250; null when it is not one. */
function bpFromText(text: string): number | null {
  const value = Number(text.trim().replace(',', '.'));
  if (!Number.isFinite(value) || value < 0 || value > 100) return null;
  return Math.round(value * 100);
}

const bpToText = (bp: number) => String(bp / 100);

/** The chart's values, or null when one of them is not a valid amount (or percentage). */
function parseChart(mode: ChartMode, text: string): number[] | null {
  const parts = text.trim() ? text.trim().split(CHART_SEPARATOR) : [];
  const values = parts.map((part) => (mode === 'amounts' ? amountFromText(part) : bpFromText(part)));
  return values.some((value) => value === null) ? null : (values as number[]);
}

function initialChart(competition: Competition | undefined): { chart_mode: ChartMode; chart: string } {
  if (competition?.prize_chart.length) {
    return { chart_mode: 'amounts', chart: competition.prize_chart.map((a) => amountToText(a)).join('; ') };
  }
  if (competition?.prize_distribution_bp.length) {
    return { chart_mode: 'percentages', chart: competition.prize_distribution_bp.map(bpToText).join('; ') };
  }
  return { chart_mode: 'amounts', chart: '' };
}

function initialValues(competition: Competition | undefined): CompetitionValues {
  return {
    vec: competition?.vec ?? null,
    number: competition?.number ?? '',
    name: competition?.name ?? '',
    starts_at: toLocalInput(competition?.starts_at),
    discipline: competition?.discipline ?? 'jumping',
    rule: competition?.rule ?? '',
    height_cm: competition?.height_cm ?? '',
    entry_fee: amountToText(competition?.entry_fee ?? 0),
    prize_money: amountToText(competition?.prize_money ?? 0),
    arena: competition?.arena ?? '',
    ranking_rule: competition?.ranking_rule ?? 'table_a',
    knock_down_seconds: String(competition?.knock_down_seconds ?? DEFAULT_KNOCK_DOWN_SECONDS),
    fei_id: competition?.fei_id ?? '',
    start_interval_seconds: competition?.start_interval_seconds ?? 90,
    entry_deadline: toLocalInput(competition?.entry_deadline),
    ...initialChart(competition),
  };
}

function toInput(values: CompetitionValues): CompetitionInput {
  return {
    vec: values.vec ?? 0,
    number: values.number,
    name: values.name,
    starts_at: fromLocalInput(values.starts_at),
    discipline: values.discipline,
    rule: values.rule.trim() || null,
    height_cm: values.height_cm === '' ? null : Number(values.height_cm),
    entry_fee: amountFromText(values.entry_fee) ?? 0,
    prize_money: amountFromText(values.prize_money) ?? 0,
    arena: values.arena.trim() || null,
    ranking_rule: values.ranking_rule,
    knock_down_seconds: values.knock_down_seconds === '3' ? 3 : 4,
    fei_id: values.fei_id.trim() || null,
    start_interval_seconds: values.start_interval_seconds === '' ? 90 : Number(values.start_interval_seconds),
    entry_deadline: fromLocalInput(values.entry_deadline),
    prize_chart: values.chart_mode === 'amounts' ? (parseChart('amounts', values.chart) ?? []) : [],
    prize_distribution_bp: values.chart_mode === 'percentages' ? (parseChart('percentages', values.chart) ?? []) : [],
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
      chart: (value, values) => (parseChart(values.chart_mode, value) === null ? translateFieldError('invalid') : null),
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
          <TextInput label={t('competitions.arena')} key={form.key('arena')} {...form.getInputProps('arena')} />
          <Select
            label={t('competitions.rankingRule')}
            allowDeselect={false}
            data={RANKING_RULES.map((value) => ({ value, label: t(`competitions.rankingRules.${value}`) }))}
            key={form.key('ranking_rule')}
            {...form.getInputProps('ranking_rule')}
          />
          <Select
            label={t('competitions.knockDownSeconds')}
            description={t('competitions.knockDownSecondsHint')}
            allowDeselect={false}
            data={KNOCK_DOWN_SECONDS.map((seconds) => ({
              value: String(seconds),
              label: t('competitions.knockDownSecondsValue', { seconds }),
            }))}
            key={form.key('knock_down_seconds')}
            {...form.getInputProps('knock_down_seconds')}
          />
          <TextInput
            label={t('competitions.feiId')}
            description={t('competitions.feiIdHint')}
            key={form.key('fei_id')}
            {...form.getInputProps('fei_id')}
          />
          <NumberInput
            label={t('competitions.startInterval')}
            min={0}
            max={3600}
            allowDecimal={false}
            allowNegative={false}
            key={form.key('start_interval_seconds')}
            {...form.getInputProps('start_interval_seconds')}
          />
          <TextInput
            type="datetime-local"
            label={t('competitions.entryDeadline')}
            description={t('competitions.entryDeadlineHelp')}
            key={form.key('entry_deadline')}
            {...form.getInputProps('entry_deadline')}
          />
        </SimpleGrid>
        <Stack gap={4}>
          <SegmentedControl
            aria-label={t('competitions.chartMode')}
            data={[
              { value: 'amounts', label: t('competitions.chartAmounts') },
              { value: 'percentages', label: t('competitions.chartPercentages') },
            ]}
            key={form.key('chart_mode')}
            {...form.getInputProps('chart_mode')}
          />
          <TextInput
            label={t('competitions.prizeChart')}
            description={t('competitions.prizeChartHelp')}
            key={form.key('chart')}
            {...form.getInputProps('chart')}
            error={form.errors.chart ?? form.errors.prize_chart ?? form.errors.prize_distribution_bp}
          />
        </Stack>
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting}>
            {t('form.save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
