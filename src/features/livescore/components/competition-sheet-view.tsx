import { Loader, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CompetitionSheet } from '../api/get-competition-sheet';
import { StarterTable } from './starter-table';

/** One competition's start list and ranking, as tabs (the ranking first once there is one). */
export function CompetitionSheetView({ sheet, timeZone }: { sheet: CompetitionSheet | undefined; timeZone?: string }) {
  const { t } = useTranslation('livescore');
  if (!sheet) return <Loader size="sm" aria-label={t('loading')} />;
  const hasRanking = !!sheet.ranking?.rows.length;
  return (
    <Tabs defaultValue={hasRanking ? 'ranking' : 'startlist'} keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="ranking">{t('ranking')}</Tabs.Tab>
        <Tabs.Tab value="startlist">{t('startList')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="ranking" pt="xs">
        {!sheet.ranking ? (
          <Text c="dimmed">{t('notPublished')}</Text>
        ) : sheet.ranking.rows.length ? (
          <StarterTable rows={sheet.ranking.rows} mode="ranking" timeZone={timeZone} caption={t('ranking')} />
        ) : (
          <Text c="dimmed">{t('noneLatest')}</Text>
        )}
      </Tabs.Panel>
      <Tabs.Panel value="startlist" pt="xs">
        {sheet.startList.length ? (
          <StarterTable rows={sheet.startList} mode="startlist" timeZone={timeZone} caption={t('startList')} />
        ) : (
          <Text c="dimmed">{t('noStarters')}</Text>
        )}
      </Tabs.Panel>
    </Tabs>
  );
}
