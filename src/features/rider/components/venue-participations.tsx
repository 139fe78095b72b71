import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatMoney } from '@/lib/format';
import { RecordTable } from '@/lib/components/record-table';
import { useSectionHref } from '@/lib/owner-scope';
import { useVenueParticipations, type RiderVenueParticipation } from '../api/list-venue-participations';

/** The admin's view of a rider's shows: payer, horses, the costs posted from outside, balance. */
export function VenueParticipations({ rider }: { rider: number }) {
  const { t } = useTranslation('people');
  const navigate = useNavigate();
  const sectionHref = useSectionHref();
  const participations = useVenueParticipations(rider);
  const transactions = (row: RiderVenueParticipation) => sectionHref('RiderVenueTransactions', { venueId: row.venue });
  return (
    <RecordTable<RiderVenueParticipation>
      title={t('participation.venueTitle')}
      query={participations}
      columns={[
        { label: t('participation.show'), render: (row) => row.venue_name },
        { label: t('participation.payer'), render: (row) => row.payer.name },
        {
          label: t('participation.horses'),
          render: (row) =>
            row.horses
              .map((horse) => (horse.head_number === null ? horse.name : `${horse.name} (${horse.head_number})`))
              .join(', ') || '—',
        },
        {
          label: t('participation.externalCosts'),
          render: (row) => formatMoney(row.external_costs_minor, row.currency),
        },
        { label: t('participation.balance'), render: (row) => formatMoney(row.balance_minor, row.currency) },
      ]}
      rowKey={(row) => row.id}
      rowName={(row) => row.venue_name}
      empty={t('participation.empty')}
      onView={(row) => {
        const to = transactions(row);
        if (to) navigate(to);
      }}
      minWidth={640}
    />
  );
}
