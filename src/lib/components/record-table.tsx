import { Alert, Button, Card, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/api-error';
import { ScrollTable } from './scroll-table';

export interface Column<T> {
  label: string;
  render(row: T): ReactNode;
}

interface RecordTableProps<T> {
  title: string;
  query: UseQueryResult<{ count: number; results: T[] }>;
  columns: Column<T>[];
  rowKey(row: T): string | number;
  /** What a row is called in its button labels ("Edit Slovenia"). */
  rowName(row: T): string;
  empty: string;
  addLabel?: string;
  onAdd?(): void;
  onView?(row: T): void;
  onEdit?(row: T): void;
  onDelete?(row: T): void;
  /** Another word for the delete action ("Unassign"), plain and with the row's name. */
  deleteLabel?: string;
  deleteNamedLabel?(name: string): string;
  /** Width below which the table scrolls inside its container. */
  minWidth?: number;
}

/** Below this width (phones) rows are shown as cards: every column readable without sideways scrolling. */
export const CARDS_BELOW = '36em';

/**
 * A titled card with one reference list: add button, loading/error/empty states, row actions.
 * On a phone each row is a card of label–value lines (amounts and states in view).
 */
export function RecordTable<T>({
  title,
  query,
  columns,
  rowKey,
  rowName,
  empty,
  addLabel,
  onAdd,
  onView,
  onEdit,
  onDelete,
  deleteLabel,
  deleteNamedLabel,
  minWidth = 520,
}: RecordTableProps<T>) {
  const { t } = useTranslation('common');
  const titleId = useId();
  const withActions = Boolean(onView || onEdit || onDelete);
  const narrow = useMediaQuery(`(max-width: ${CARDS_BELOW})`, false, { getInitialValueInEffect: false });
  const actions = (row: T) => (
    <Group gap="xs" wrap="nowrap">
      {onView && (
        <Button
          size="compact-sm"
          variant="default"
          aria-label={t('table.viewNamed', { name: rowName(row) })}
          onClick={() => onView(row)}
        >
          {t('table.view')}
        </Button>
      )}
      {onEdit && (
        <Button
          size="compact-sm"
          variant="default"
          aria-label={t('table.editNamed', { name: rowName(row) })}
          onClick={() => onEdit(row)}
        >
          {t('table.edit')}
        </Button>
      )}
      {onDelete && (
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          aria-label={
            deleteNamedLabel ? deleteNamedLabel(rowName(row)) : t('table.deleteNamed', { name: rowName(row) })
          }
          onClick={() => onDelete(row)}
        >
          {deleteLabel ?? t('table.delete')}
        </Button>
      )}
    </Group>
  );
  return (
    <Card withBorder component="section" aria-labelledby={titleId}>
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4" id={titleId}>
            {title}
          </Title>
          {onAdd && addLabel && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onAdd}>
              {addLabel}
            </Button>
          )}
        </Group>
        {query.isPending && <Skeleton height={96} aria-label={t('table.loading')} />}
        {query.isError && <Alert color="red">{errorText(query.error)}</Alert>}
        {query.data?.results.length === 0 && <Text c="dimmed">{empty}</Text>}
        {query.data && query.data.results.length > 0 && narrow && (
          <Stack component="ul" gap="xs" aria-labelledby={titleId} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {query.data.results.map((row) => (
              <Paper component="li" withBorder p="sm" key={rowKey(row)} aria-label={rowName(row)}>
                <Stack gap={6}>
                  {columns.map((column, index) => (
                    <Group key={index} justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
                      <Text size="sm" c="gray.7">
                        {column.label}
                      </Text>
                      <Text size="sm" component="div" ta="right" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                        {column.render(row)}
                      </Text>
                    </Group>
                  ))}
                  {withActions && <Group justify="flex-end">{actions(row)}</Group>}
                </Stack>
              </Paper>
            ))}
          </Stack>
        )}
        {query.data && query.data.results.length > 0 && !narrow && (
          <ScrollTable minWidth={minWidth} labelledBy={titleId} highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column, index) => (
                  <Table.Th key={index}>{column.label}</Table.Th>
                ))}
                {withActions && <Table.Th>{t('table.actions')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.results.map((row) => (
                <Table.Tr key={rowKey(row)}>
                  {columns.map((column, index) => (
                    <Table.Td key={index}>{column.render(row)}</Table.Td>
                  ))}
                  {withActions && <Table.Td>{actions(row)}</Table.Td>}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ScrollTable>
        )}
      </Stack>
    </Card>
  );
}
