import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RankingSummary } from '@shared/schemas/results';
import { RecordTable } from '@/lib/components/record-table';
import { formatDateTime } from '@/lib/format';
import { rankingsQueryOptions } from '../api/list-rankings';

interface RankingsListProps {
  venueId: number;
  onOpen(competition: RankingSummary): void;
}

/** The venue's competitions: results entered of the starters, published or held back; open one's ranking. */
export function RankingsList({ venueId, onOpen }: RankingsListProps) {
  const { t } = useTranslation('results');
  const query = useQuery({
    ...rankingsQueryOptions(venueId),
    select: (list) => ({ count: list.results.length, results: list.results }),
  });
  return (
    <RecordTable<RankingSummary>
      title={t('list.title')}
      query={query}
      rowKey={(row) => row.id}
      rowName={(row) => `${row.number} ${row.name}`}
      empty={t('list.empty')}
      onView={onOpen}
      columns={[
        { label: t('list.number'), render: (row) => row.number },
        { label: t('list.name'), render: (row) => row.name },
        { label: t('list.event'), render: (row) => row.vec_name },
        { label: t('list.startsAt'), render: (row) => (row.starts_at ? formatDateTime(row.starts_at) : '') },
        { label: t('list.rule'), render: (row) => t(`rule.${row.ranking_rule}`) },
        {
          label: t('list.results'),
          render: (row) => t('list.resultsOf', { results: row.results, entries: row.entries }),
        },
        {
          label: t('list.published'),
          render: (row) =>
            row.published_at ? (
              <Badge color="green">{t('published')}</Badge>
            ) : (
              <Badge color="gray">{t('heldBack')}</Badge>
            ),
        },
      ]}
    />
  );
}
