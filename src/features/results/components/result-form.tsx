import { Button, Fieldset, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiErrorBody } from '@shared/errors';
import {
  formatScore,
  formatSeconds,
  MAX_KNOCK_DOWNS,
  MAX_PENALTIES,
  parseCount,
  parsePercentThousandths,
  parseSeconds,
  ruleFields,
  type Ranking,
  type ResultInput,
  type RoundInput,
  type RoundResult,
} from '@shared/schemas/results';
import {
  DEFAULT_KNOCK_DOWN_SECONDS,
  JUMP_OFF_STATUSES,
  STARTER_STATUSES,
  type JumpOffStatus,
  type StarterStatus,
} from '@shared/sport/ranking';
import { ApiError } from '@/lib/api-error';
import { FormErrorList } from '@/lib/components/form-error-list';
import { QueryView } from '@/lib/components/query-view';
import { confirmDialog } from '@/lib/dialogs';
import { mapFieldErrors, translateFieldError } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { rankingQueryOptions } from '../api/get-ranking';
import { useClearResult } from '../api/clear-result';
import { useSaveResult } from '../api/save-result';
import { starterName } from './ranking-view';

interface ResultFormProps {
  competitionId: number;
  /** Edit this entry's result; without it, choose a starter that has none yet. */
  entryId?: number;
  onDone(): void;
  onCancel?(): void;
}

interface RoundText {
  faults: string;
  time_faults: string;
  time: string;
  knock_downs: string;
}

const EMPTY_ROUND: RoundText = { faults: '', time_faults: '', time: '', knock_downs: '' };

const roundTextOf = (round: RoundResult | null): RoundText =>
  round
    ? {
        faults: String(round.faults),
        time_faults: round.time_faults ? String(round.time_faults) : '',
        time: formatSeconds(round.time_ms),
        knock_downs: round.knock_downs ? String(round.knock_downs) : '',
      }
    : EMPTY_ROUND;

type Errors = Record<string, string>;

/** A round's text as input, or null when empty; problems go into `errors` under `prefix.<field>`. */
function roundInputOf(text: RoundText, prefix: string, required: boolean, errors: Errors): RoundInput | null {
  const filled = Object.values(text).some((v) => v.trim() !== '');
  if (!filled && !required) return null;
  const count = (field: keyof RoundText, max: number): number => {
    const value = text[field].trim();
    if (!value) return 0;
    const parsed = parseCount(value, max);
    if (typeof parsed === 'string') errors[`${prefix}.${field}`] = translateFieldError(parsed);
    return typeof parsed === 'number' ? parsed : 0;
  };
  const faults = count('faults', MAX_PENALTIES);
  const timeFaults = count('time_faults', MAX_PENALTIES);
  const knockDowns = count('knock_downs', MAX_KNOCK_DOWNS);
  let timeMs = 0;
  const time = text.time.trim();
  if (!time) errors[`${prefix}.time`] = translateFieldError('required');
  else {
    const parsed = parseSeconds(time);
    if (typeof parsed === 'string') errors[`${prefix}.time`] = translateFieldError(parsed);
    else timeMs = parsed;
  }
  return { faults, time_faults: timeFaults, time_ms: timeMs, knock_downs: text.knock_downs.trim() ? knockDowns : null };
}

/** The server's field paths as the form's. */
const FORM_PATH: Record<string, string> = {
  round: 'round.time',
  'round.time_ms': 'round.time',
  jump_off: 'jump_off.time',
  'jump_off.time_ms': 'jump_off.time',
  score_thousandths: 'score',
};
const SERVER_PATHS = new Set([
  'status',
  'round',
  'jump_off',
  'jump_off_status',
  'score_thousandths',
  ...['round', 'jump_off'].flatMap((r) => ['faults', 'time_faults', 'time_ms', 'knock_downs'].map((f) => `${r}.${f}`)),
]);

function RoundFields({
  legend,
  prefix,
  value,
  onChange,
  errors,
  knockDowns,
  knockDownSeconds,
}: {
  legend: string;
  prefix: string;
  value: RoundText;
  onChange(next: RoundText): void;
  errors: Errors;
  knockDowns: boolean;
  /** Table C: the seconds each knock-down adds (FEI Art. 239), shown under the field. */
  knockDownSeconds?: number;
}) {
  const { t } = useTranslation('results');
  const field = (name: keyof RoundText, label: string, placeholder?: string, description?: string) => (
    <TextInput
      label={label}
      description={description}
      inputMode="decimal"
      placeholder={placeholder}
      value={value[name]}
      onChange={(event) => onChange({ ...value, [name]: event.currentTarget.value })}
      error={errors[`${prefix}.${name}`]}
    />
  );
  return (
    <Fieldset legend={legend}>
      <SimpleGrid cols={{ base: 1, xs: knockDowns ? 4 : 3 }}>
        {field('faults', t('form.faults'), '0')}
        {field('time_faults', t('form.timeFaults'), '0')}
        {field('time', t('form.time'), '63.45')}
        {knockDowns &&
          field(
            'knock_downs',
            t('form.knockDowns'),
            '0',
            t('form.knockDownsHint', { seconds: knockDownSeconds ?? DEFAULT_KNOCK_DOWN_SECONDS }),
          )}
      </SimpleGrid>
    </Fieldset>
  );
}

function ResultFields({ ranking, entryId, onDone, onCancel }: ResultFormProps & { ranking: Ranking }) {
  const { t } = useTranslation('results');
  const save = useSaveResult();
  const clear = useClearResult();
  const rule = ranking.competition.ranking_rule;
  const fields = ruleFields(rule);
  const editing = entryId !== undefined ? ranking.rows.find((r) => r.entry === entryId) : undefined;
  const open = ranking.rows.filter((r) => r.status === null && r.entry_status === 'entered');
  const [entry, setEntry] = useState<string | null>(editing ? String(editing.entry) : null);
  const [status, setStatus] = useState<StarterStatus>(editing?.status ?? 'R');
  const [round, setRound] = useState<RoundText>(roundTextOf(editing?.round ?? null));
  const [jumpOff, setJumpOff] = useState<RoundText>(roundTextOf(editing?.jump_off ?? null));
  // Art. 245: a ranked starter eliminated or retired in the jump-off (or second phase).
  const [jumpOffStatus, setJumpOffStatus] = useState<JumpOffStatus | null>(editing?.jump_off_status ?? null);
  const [score, setScore] = useState(editing?.score_thousandths != null ? formatScore(editing.score_thousandths) : '');
  const [errors, setErrors] = useState<Errors>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);

  if (entryId !== undefined && !editing) return <Text c="red">{translateFieldError('not_on_start_list')}</Text>;

  async function submit() {
    const found: Errors = {};
    if (!entry) found.entry = translateFieldError('required');
    const input: ResultInput = {
      status,
      round: fields.round ? roundInputOf(round, 'round', status === 'R', found) : null,
      jump_off: fields.jumpOff ? roundInputOf(jumpOff, 'jump_off', false, found) : null,
      jump_off_status: fields.jumpOff && status === 'R' ? jumpOffStatus : null,
      score_thousandths: null,
    };
    if (fields.score && (score.trim() || status === 'R')) {
      const parsed = score.trim() ? parsePercentThousandths(score.trim()) : 'required';
      if (typeof parsed === 'string') found.score = translateFieldError(parsed);
      else input.score_thousandths = parsed;
    }
    setErrors(found);
    setFormErrors([]);
    if (Object.keys(found).length) return;
    try {
      await save.mutateAsync({ entry: Number(entry), input });
      notify.success(t('form.saved'));
      onDone();
    } catch (error) {
      if (error instanceof ApiError && isApiErrorBody(error.body) && error.body.fields) {
        const mapped = mapFieldErrors(error.body.fields, (path) => SERVER_PATHS.has(path));
        setErrors(Object.fromEntries(Object.entries(mapped.fields).map(([k, v]) => [FORM_PATH[k] ?? k, v])));
        setFormErrors(mapped.form);
      } else if (!(error instanceof ApiError && error.notified)) setFormErrors([String((error as Error).message)]);
    }
  }

  async function clearIt() {
    if (!editing || !(await confirmDialog({ title: t('form.clearTitle'), message: t('form.clearConfirm') }))) return;
    await clear.mutateAsync(editing.entry);
    notify.success(t('form.cleared'));
    onDone();
  }

  return (
    <Stack
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {editing ? (
        <Text fw={600}>{starterName(editing)}</Text>
      ) : (
        <Select
          label={t('form.starter')}
          placeholder={t('form.chooseStarter')}
          data={open.map((r) => ({ value: String(r.entry), label: starterName(r) }))}
          value={entry}
          onChange={setEntry}
          searchable
          nothingFoundMessage={t('form.noStarters')}
          error={errors.entry}
          required
        />
      )}
      <Select
        label={t('form.status')}
        data={STARTER_STATUSES.map((s) => ({ value: s, label: `${s} – ${t(`status.${s}`)}` }))}
        value={status}
        onChange={(value) => value && setStatus(value as StarterStatus)}
        error={errors.status}
        allowDeselect={false}
        required
      />
      {fields.round && (
        <RoundFields
          legend={t(fields.jumpOff && rule === 'two_phases' ? 'form.phase1' : 'form.round')}
          prefix="round"
          value={round}
          onChange={setRound}
          errors={errors}
          knockDowns={fields.knockDowns}
          knockDownSeconds={ranking.competition.knock_down_seconds}
        />
      )}
      {fields.jumpOff && (
        <RoundFields
          legend={t(rule === 'two_phases' ? 'form.phase2' : 'form.jumpOff')}
          prefix="jump_off"
          value={jumpOff}
          onChange={setJumpOff}
          errors={errors}
          knockDowns={false}
        />
      )}
      {fields.jumpOff && status === 'R' && (
        <Select
          label={t(rule === 'two_phases' ? 'form.phase2Status' : 'form.jumpOffStatus')}
          description={t('form.jumpOffStatusHint')}
          placeholder={t('form.jumpOffCompleted')}
          data={JUMP_OFF_STATUSES.map((s) => ({ value: s, label: `${s} – ${t(`status.${s}`)}` }))}
          value={jumpOffStatus}
          onChange={(value) => setJumpOffStatus(value as JumpOffStatus | null)}
          error={errors.jump_off_status}
          clearable
        />
      )}
      {fields.score && (
        <TextInput
          label={t('form.score')}
          inputMode="decimal"
          placeholder="71.235"
          value={score}
          onChange={(event) => setScore(event.currentTarget.value)}
          error={errors.score}
        />
      )}
      <FormErrorList errors={formErrors} />
      <Group justify="space-between">
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('form.save')}
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('form.cancel')}
            </Button>
          )}
        </Group>
        {editing?.status && (
          <Button variant="subtle" color="red" onClick={() => void clearIt()} loading={clear.isPending}>
            {t('form.clear')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** Enter or correct one starter's result; the fields follow the competition's rule. */
export function ResultForm(props: ResultFormProps) {
  const query = useQuery(rankingQueryOptions(props.competitionId));
  return <QueryView query={query}>{(ranking) => <ResultFields {...props} ranking={ranking} />}</QueryView>;
}
