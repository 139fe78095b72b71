import { Anchor, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { RecordTable } from '@/lib/components/record-table';
import { formatDateRange } from '@/lib/format';
import { href } from '@/lib/paths';
import { useWhereParticipated, type ParticipantKind, type ParticipationVenue } from '../api/where-participated';

/** The person's pages at one venue, per kind (the admin's). */
function venueLinks(kind: ParticipantKind, id: number, venueId: number) {
  if (kind === 'rider')
    return [{ to: href('adminRiderRiderVenueTransactions', { riderId: id, venueId }), key: 'transactions' }];
  return [
    { to: href('adminOfficialVenueParticipation', { officialId: id, venueId }), key: 'participation' },
    { to: href('adminOfficialVenueTransactions', { officialId: id, venueId }), key: 'transactions' },
  ];
}

/**
 * Where a rider or an official took part (the admin's person pages): the venues with
 * their dates, linking to the person's pages there.
 */
export function ParticipatedVenues({ kind, id }: { kind: ParticipantKind; id: number }) {
  const { t } = useTranslation('people');
  const query = useWhereParticipated(kind, id);
  return (
    <RecordTable<ParticipationVenue>
      title={kind === 'rider' ? t('participated.riderTitle') : t('participated.officialTitle')}
      query={query}
      columns={[
        { label: t('participated.venue'), render: (row) => row.venue_name },
        { label: t('participated.dates'), render: (row) => formatDateRange(row.start_date, row.end_date) },
        {
          label: t('participated.pages'),
          render: (row) => (
            <Group gap="sm" wrap="nowrap">
              {venueLinks(kind, id, row.venue).map((link) => (
                <Anchor
                  key={link.key}
                  component={Link}
                  to={link.to}
                  aria-label={t(`participated.${link.key}At`, { venue: row.venue_name })}
                >
                  {t(`participated.${link.key}`)}
                </Anchor>
              ))}
            </Group>
          ),
        },
      ]}
      rowKey={(row) => row.venue}
      rowName={(row) => row.venue_name}
      empty={kind === 'rider' ? t('participated.riderEmpty') : t('participated.officialEmpty')}
    />
  );
}
