import { Alert, Badge, Button, Group, Modal, Stack, Table, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_BULK_ROWS } from '@shared/schemas/bulk';
import { ApiError, showError } from '@/lib/api-error';
import { translateFieldError } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useIdempotencyKey } from '@/lib/use-idempotency-key';
import { createRows } from '../api/create-rows';
import { useVenueHorses } from '../api/list-venue-horses';
import { checkPaste, serverRowErrors, type ServerRowErrors } from '../check-paste';
import { KINDS, type BulkKindId } from '../kinds';
import { ROW, type RowErrorCodes } from '../kinds/kind';

export interface PasteDialogProps {
  kind: BulkKindId;
  venueId: number;
  onClose(): void;
}

/** A row error code in words: the paste's own codes, else the shared field messages. */
function codeText(code: string): string {
  const own = `bulk:error.${code}`;
  return i18next.exists(own) ? i18next.t(own) : translateFieldError(code);
}

function merged(client: RowErrorCodes, server: RowErrorCodes | undefined): RowErrorCodes {
  const all: RowErrorCodes = { ...client };
  for (const [column, codes] of Object.entries(server ?? {})) all[column] = [...(all[column] ?? []), ...codes];
  return all;
}

/**
 * Paste rows from a spreadsheet, see them read and checked row by row, then create them all in
 * one request (all or none). The server's row errors appear on their rows; nothing is created
 * until every row is right.
 */
export function PasteDialog({ kind: kindId, venueId, onClose }: PasteDialogProps) {
  const { t } = useTranslation('bulk');
  const kind = KINDS[kindId];
  const phone = useMediaQuery('(max-width: 48em)');
  const queryClient = useQueryClient();
  const idempotency = useIdempotencyKey();
  const needsHorses = kindId === 'headNumbers';
  const horses = useVenueHorses(venueId, needsHorses);
  const [text, setText] = useState('');
  const [server, setServer] = useState<ServerRowErrors | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const context = useMemo(
    () => ({ venueId, horses: horses.data ?? [], t: (key: string) => i18next.t(key) }),
    [venueId, horses.data],
  );
  const paste = useMemo(() => checkPaste(text, kind, context), [text, kind, context]);
  const columns = kind.columns.map((column) => column.field);
  const ready = paste.rows.length > 0 && paste.invalid === 0 && !paste.problem && !(needsHorses && !horses.data);

  async function submit() {
    const inputs = paste.rows.map((row) => row.input);
    setSubmitting(true);
    try {
      await createRows(kind.path, inputs, idempotency.keyFor(inputs));
      idempotency.settle();
      notify.success(t('created', { count: inputs.length }));
      // The desk's list reads the offline store: fetch the new attendees into it now.
      if (kindId === 'attendees') void import('@/offline/sync').then((sync) => sync.pullNow(venueId));
      // The lists that show these rows belong to other features: refresh what is on screen.
      void queryClient.invalidateQueries();
      onClose();
    } catch (error) {
      idempotency.settle(error);
      const rows = error instanceof ApiError && error.status === 400 ? serverRowErrors(error.body, kind) : null;
      if (rows) setServer(rows);
      else showError(error);
    } finally {
      setSubmitting(false);
    }
  }

  const serverRows = server ? Object.keys(server.rows).length : 0;
  return (
    <Modal
      opened
      onClose={onClose}
      title={t(`${kindId}.title`)}
      size="xl"
      fullScreen={!!phone}
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <Stack>
        <Text size="sm">{t(`${kindId}.format`)}</Text>
        <Text size="sm" c="dimmed">
          {t('howTo', { max: MAX_BULK_ROWS })}
        </Text>
        <Textarea
          label={t('pasteLabel')}
          placeholder={t(`${kindId}.example`)}
          rows={6}
          resize="vertical"
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setServer(null);
          }}
          styles={{ input: { fontFamily: 'monospace' } }}
          data-autofocus
        />
        {paste.problem && (
          <Alert color="red" role="alert">
            {t(`problem.${paste.problem}`, { max: MAX_BULK_ROWS })}
          </Alert>
        )}
        {server && (
          <Alert color="red" role="alert" title={t('refusedTitle')}>
            {serverRows > 0 && <Text size="sm">{t('refused', { count: serverRows })}</Text>}
            {server.form.map((code) => (
              <Text size="sm" key={code}>
                {codeText(code)}
              </Text>
            ))}
          </Alert>
        )}
        {paste.rows.length > 0 && (
          <>
            <Group gap="xs">
              <Badge variant="light">{t('rowCount', { count: paste.rows.length })}</Badge>
              {paste.invalid > 0 && (
                <Badge color="red" variant="light">
                  {t('invalidCount', { count: paste.invalid })}
                </Badge>
              )}
              <Text size="xs" c="dimmed">
                {paste.header ? t('headerFound') : t('byPosition')}
              </Text>
            </Group>
            <Table.ScrollContainer minWidth={520}>
              <Table striped verticalSpacing={4} aria-label={t('preview')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>#</Table.Th>
                    {columns.map((field) => (
                      <Table.Th key={field}>{t(`${kindId}.columns.${field}`)}</Table.Th>
                    ))}
                    <Table.Th>{t('status')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {paste.rows.map((row, index) => {
                    const errors = merged(row.errors, server?.rows[index]);
                    const bad = Object.keys(errors).length > 0;
                    return (
                      <Table.Tr
                        key={index}
                        aria-invalid={bad || undefined}
                        aria-label={t('rowLabel', { n: index + 1 })}
                      >
                        <Table.Td>{index + 1}</Table.Td>
                        {columns.map((field) => (
                          <Table.Td key={field}>
                            <Text size="sm">{row.display[field]}</Text>
                            {errors[field]?.map((code) => (
                              <Text size="xs" c="red.8" key={code}>
                                {codeText(code)}
                              </Text>
                            ))}
                          </Table.Td>
                        ))}
                        <Table.Td>
                          {bad ? (
                            <>
                              <Badge color="red" variant="light" size="sm">
                                {t('rowError')}
                              </Badge>
                              {errors[ROW]?.map((code) => (
                                <Text size="xs" c="red.8" key={code}>
                                  {codeText(code)}
                                </Text>
                              ))}
                            </>
                          ) : (
                            <Badge color="green" variant="light" size="sm">
                              {t('rowOk')}
                            </Badge>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button onClick={() => void submit()} disabled={!ready} loading={submitting}>
            {t('create', { count: paste.rows.length })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
