import { Alert, Button, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '@shared/ledger';
import { formatMoney } from '@/lib/format';
import type { OfficialParticipation } from '@shared/schemas/participation';
import { errorText } from '@/lib/api-error';
import { formatDateRange } from '@/lib/format';
import { useDeleteOfficialParticipation } from '../api/delete-official-participation';
import { useOfficialParticipations } from '../api/list-official-participations';
import { OfficialForm } from './official-form';
import { useConfirmDelete } from '@/lib/use-confirm-delete';

interface OfficialListProps {
  venueId: number;
  /** How amounts are labelled: the venue's currency display. */
  currency: string;
  /** More buttons beside "Add" (a route composes them from other features). */
  actions?: ReactNode;
  /** More actions of a row, before its own. */
  rowActions?(row: OfficialParticipation): ReactNode;
  /**
   * One official's participation only (the admin's official pages): their rows,
   * without the add button (a new official is added on the venue's officials view).
   */
  official?: number;
  /** The card's title and its text without rows; "Officials" and "No officials …" unless told. */
  title?: string;
  empty?: string;
}

/** The officials at a venue: function, days, fees and what the venue owes them. */
export function OfficialList({ venueId, currency, actions, rowActions, official, title, empty }: OfficialListProps) {
  const { t } = useTranslation('participants');
  const all = useOfficialParticipations(venueId);
  const officials =
    official === undefined || !all.data
      ? all
      : { ...all, data: { ...all.data, results: all.data.results.filter((row) => row.official.id === official) } };
  const remove = useDeleteOfficialParticipation();
  const confirmDelete = useConfirmDelete();
  const [editing, setEditing] = useState<OfficialParticipation | 'new' | null>(null);
  const money = (minor: number) => formatMoney(minor, currency);
  return (
    <Card withBorder component="section" aria-labelledby="officials-title">
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4" id="officials-title">
            {title ?? t('officials.title')}
          </Title>
          <Group gap="xs">
            {actions}
            {official === undefined && (
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
                {t('officials.add')}
              </Button>
            )}
          </Group>
        </Group>
        {officials.isPending && <Skeleton height={120} aria-label={t('list.loading')} />}
        {officials.isError && <Alert color="red">{errorText(officials.error)}</Alert>}
        {officials.data?.results.length === 0 && <Text c="dimmed">{empty ?? t('officials.empty')}</Text>}
        {officials.data && officials.data.results.length > 0 && (
          <Table.ScrollContainer minWidth={980}>
            <Table striped highlightOnHover verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('officials.official')}</Table.Th>
                  <Table.Th>{t('officials.function')}</Table.Th>
                  <Table.Th>{t('officials.dates')}</Table.Th>
                  <Table.Th ta="right">{t('officials.days')}</Table.Th>
                  <Table.Th ta="right">{t('officials.dayRate')}</Table.Th>
                  <Table.Th ta="right">{t('officials.travel')}</Table.Th>
                  <Table.Th ta="right">{t('officials.perDiem')}</Table.Th>
                  <Table.Th ta="right">{t('officials.withholding')}</Table.Th>
                  <Table.Th ta="right">{t('list.balance')}</Table.Th>
                  <Table.Th>{t('list.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {officials.data.results.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>{row.official.name}</Table.Td>
                    <Table.Td>{t(`functions.${row.function}`)}</Table.Td>
                    <Table.Td>{formatDateRange(row.date_from, row.date_to)}</Table.Td>
                    <Table.Td ta="right">{row.days}</Table.Td>
                    <Table.Td ta="right">{money(row.day_rate)}</Table.Td>
                    <Table.Td ta="right">{money(row.travel)}</Table.Td>
                    <Table.Td ta="right">{money(row.per_diem)}</Table.Td>
                    <Table.Td ta="right">{`${formatPercent(row.withholding_bp)} %`}</Table.Td>
                    <Table.Td ta="right">{money(row.balance)}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        {rowActions?.(row)}
                        <Button
                          size="compact-sm"
                          variant="default"
                          aria-label={t('officials.editNamed', { name: row.official.name })}
                          onClick={() => setEditing(row)}
                        >
                          {t('officials.edit')}
                        </Button>
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          color="red"
                          aria-label={t('officials.removeNamed', { name: row.official.name })}
                          onClick={() => confirmDelete(() => remove.mutateAsync(row))}
                        >
                          {t('officials.remove')}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      {editing && (
        <OfficialForm
          venueId={venueId}
          participation={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}
