import { Button, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { submitErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useIdempotencyKey } from '@/lib/use-idempotency-key';
import { useAddEntry } from '../api/add-entry';
import { useEntryCandidates } from '../api/get-entry-candidates';

/** A (late) entry: choose one of the venue's riders with a horse not entered yet. */
export function AddEntryButton({
  competitionId,
  drawn,
  disabled,
}: {
  competitionId: number;
  drawn: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation('startlists');
  const [opened, setOpened] = useState(false);
  const [choice, setChoice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const candidates = useEntryCandidates(competitionId, opened);
  const add = useAddEntry();
  const idempotency = useIdempotencyKey();

  const options = (candidates.data ?? []).map((c) => ({
    value: `${c.venue_participation}:${c.horse.id}`,
    label: `${c.rider.name} – ${c.horse.name}${c.head_number !== null ? ` (${c.head_number})` : ''}${
      c.vec_participation === null ? ` · ${t('notInEvent')}` : ''
    }`,
  }));

  function close() {
    setOpened(false);
    setChoice(null);
    setError(null);
  }

  function submit() {
    const candidate = (candidates.data ?? []).find((c) => `${c.venue_participation}:${c.horse.id}` === choice);
    if (!candidate) {
      setError(t('chooseStarter'));
      return;
    }
    const input =
      candidate.vec_participation !== null
        ? { vec_participation: candidate.vec_participation }
        : { venue_participation: candidate.venue_participation, horse: candidate.horse.id };
    add.mutate(
      { competition: competitionId, input, idempotencyKey: idempotency.keyFor({ competitionId, input }) },
      {
        onSuccess: (entry) => {
          idempotency.settle();
          notify.success(entry.late ? t('lateEntryAdded') : t('entryAdded'));
          close();
        },
        onError: (err) => {
          idempotency.settle(err);
          const mapped = submitErrors(err, {});
          setError([...Object.values(mapped.fields), ...mapped.form].join(' ') || null);
        },
      },
    );
  }

  return (
    <>
      <Button variant="light" onClick={() => setOpened(true)} disabled={disabled}>
        {drawn ? t('addLateEntry') : t('addEntry')}
      </Button>
      <Modal opened={opened} onClose={close} title={drawn ? t('addLateEntry') : t('addEntry')}>
        <Stack>
          {drawn && (
            <Text size="sm" c="dimmed">
              {t('lateEntryHelp')}
            </Text>
          )}
          <Select
            label={t('starter')}
            placeholder={t('chooseStarter')}
            data={options}
            value={choice}
            onChange={setChoice}
            searchable
            nothingFoundMessage={t('noCandidates')}
            error={error}
            comboboxProps={{ withinPortal: true }}
          />
          <Button onClick={submit} loading={add.isPending}>
            {t('enter')}
          </Button>
        </Stack>
      </Modal>
    </>
  );
}
