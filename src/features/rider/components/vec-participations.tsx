import { useTranslation } from 'react-i18next';
import { RecordTable } from '@/lib/components/record-table';
import { useEventEntries, type EventEntry } from '../api/list-venue-participations';

/** The events a rider is entered in, show by show. */
export function VecParticipations({ rider }: { rider: number }) {
  const { t } = useTranslation('people');
  const entries = useEventEntries(rider);
  return (
    <RecordTable<EventEntry>
      title={t('participation.vecTitle')}
      query={entries}
      columns={[
        { label: t('participation.show'), render: (row) => row.venue },
        { label: t('participation.event'), render: (row) => row.event },
        { label: t('participation.horse'), render: (row) => row.horse ?? '—' },
      ]}
      rowKey={(row) => row.key}
      rowName={(row) => row.event}
      empty={t('participation.noEvents')}
      minWidth={420}
    />
  );
}
