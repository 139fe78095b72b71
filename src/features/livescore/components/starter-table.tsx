import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LiveStarter } from '@shared/schemas/livescore';
import { formatClock, resultParts } from '../format-result';

export type StarterTableMode = 'startlist' | 'ranking' | 'next' | 'latest';

/** Rider (nationality) over horse (head number): two lines, so a phone needs three columns only. */
function Who({ starter }: { starter: LiveStarter }) {
  const { t } = useTranslation('livescore');
  return (
    <Stack gap={0}>
      <Group gap={6} wrap="nowrap">
        <Text size="sm" fw={600} lineClamp={1}>
          {starter.riderName}
        </Text>
        {starter.nationality && (
          <Text size="xs" c="dimmed">
            {starter.nationality}
          </Text>
        )}
      </Group>
      <Group gap={6} wrap="nowrap">
        <Text size="sm" lineClamp={1}>
          {starter.horseName}
        </Text>
        {starter.headNumber !== null && (
          <Text size="xs" c="dimmed">
            {t('headNumber', { number: starter.headNumber })}
          </Text>
        )}
        {starter.late && (
          <Badge size="xs" variant="light">
            {t('late')}
          </Badge>
        )}
      </Group>
    </Stack>
  );
}

function ResultCell({ starter, timeZone }: { starter: LiveStarter; timeZone?: string }) {
  const { t, i18n } = useTranslation('livescore');
  if (starter.withdrawn) return <Text size="sm">{t('status.WD')}</Text>;
  const result = starter.result;
  if (!result) {
    return (
      <Text size="sm" c="dimmed">
        {starter.startTime ? formatClock(starter.startTime, i18n.language, timeZone) : '–'}
      </Text>
    );
  }
  if (result.status !== 'R') return <Text size="sm">{t(`status.${result.status}`)}</Text>;
  return (
    <Stack gap={0} align="flex-end">
      {resultParts(result, i18n.language).map((part, i) => (
        <Text key={i} size="sm" ff="monospace" fw={i === 0 ? 500 : 700}>
          {part}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * Starters as a small table: start list (order, start time or result), ranking (rank, result),
 * next starters, latest results (rank). Head numbers and nationalities on every row.
 */
export function StarterTable({
  rows,
  mode,
  timeZone,
  caption,
}: {
  rows: LiveStarter[];
  mode: StarterTableMode;
  timeZone?: string;
  caption: string;
}) {
  const { t } = useTranslation('livescore');
  const ranked = mode === 'ranking' || mode === 'latest';
  return (
    <Table verticalSpacing={6} horizontalSpacing="xs" aria-label={caption} striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={48}>{ranked ? t('column.rank') : t('column.order')}</Table.Th>
          <Table.Th>{t('column.starter')}</Table.Th>
          <Table.Th ta="right">{mode === 'next' ? t('column.start') : t('column.result')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((starter) => (
          <Table.Tr key={starter.entryId} data-entry={starter.entryId} opacity={starter.withdrawn ? 0.6 : 1}>
            <Table.Td fw={700}>{ranked ? (starter.result?.rank ?? '–') : (starter.order ?? '–')}</Table.Td>
            <Table.Td>
              <Who starter={starter} />
            </Table.Td>
            <Table.Td ta="right">
              <ResultCell starter={starter} timeZone={timeZone} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
