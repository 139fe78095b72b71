import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatDateTime } from '@/lib/format';
import { href } from '@/lib/paths';
import { useDeleteCompetition } from '../api/delete-competition';
import { useCompetitions } from '../api/list-competitions';
import { useVecs } from '../api/list-vecs';
import { useVenueMoney } from '../use-venue-money';
import { RecordTable } from '@/lib/components/record-table';
import { useConfirmDelete } from '@/lib/use-confirm-delete';

/** The venue's competitions by event: time, arena, ranking rule, fee and prize money. */
export function CompetitionList({ venueId }: { venueId: number }) {
  const { t } = useTranslation(['venueSetup', 'configuration']);
  const navigate = useNavigate();
  const competitions = useCompetitions(venueId);
  const vecs = useVecs(venueId);
  const money = useVenueMoney(venueId);
  const remove = useDeleteCompetition();
  const confirmDelete = useConfirmDelete();
  const vecName = (id: number) => vecs.data?.results.find((vec) => vec.id === id)?.name ?? '';
  return (
    <RecordTable
      title={t('competitions.title')}
      query={competitions}
      columns={[
        { label: t('competitions.number'), render: (row) => row.number },
        { label: t('competitions.name'), render: (row) => row.name },
        { label: t('competitions.vec'), render: (row) => vecName(row.vec) },
        { label: t('competitions.startsAt'), render: (row) => formatDateTime(row.starts_at) },
        { label: t('competitions.discipline'), render: (row) => t(`configuration:discipline.${row.discipline}`) },
        { label: t('competitions.arena'), render: (row) => row.arena ?? '' },
        {
          label: t('competitions.rankingRule'),
          render: (row) =>
            row.ranking_rule === 'table_c'
              ? `${t(`competitions.rankingRules.${row.ranking_rule}`)} · ${t('competitions.knockDownSecondsValue', { seconds: row.knock_down_seconds })}`
              : t(`competitions.rankingRules.${row.ranking_rule}`),
        },
        { label: t('competitions.feiId'), render: (row) => row.fei_id ?? '' },
        { label: t('competitions.height'), render: (row) => (row.height_cm === null ? '' : `${row.height_cm} cm`) },
        { label: t('competitions.entryFee'), render: (row) => money(row.entry_fee) },
        { label: t('competitions.prizeMoney'), render: (row) => money(row.prize_money) },
      ]}
      rowKey={(row) => row.id}
      rowName={(row) => `${row.number} ${row.name}`}
      empty={t('competitions.empty')}
      addLabel={t('competitions.add')}
      onAdd={() => navigate(href('venueCompetitionAdd', { venueId }))}
      onEdit={(row) => navigate(href('venueCompetitionEdit', { venueId, competitionId: row.id }))}
      onDelete={(row) => confirmDelete(() => remove.mutateAsync(row))}
      minWidth={1100}
    />
  );
}
