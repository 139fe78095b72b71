import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { OwnerShow } from '@shared/schemas/owner';
import { formatMoney } from '@/lib/format';
import { RecordTable, type Column } from '@/lib/components/record-table';
import { formatDateRange } from '@/lib/format';
import { useOwnerShows } from '../api/money';
import type { OwnerRef } from '../api/owner-path';

interface OwnerShowsProps {
  owner: OwnerRef;
  /** `shows`: the venues with entries or participations; `balance`: the balance per venue. */
  which: 'shows' | 'balance';
  /**
   * The owner's entries at a venue, and their participation there: a rider's by its id, an
   * official's (the admin's page) by the venue (null where the base has none).
   */
  transactionsHref(venue: number): string | null;
  participationHref(participation: number, venue: number): string | null;
}

/** The owner's shows (or balance) per venue: dates, balance and where to read more. */
export function OwnerShows({ owner, which, transactionsHref, participationHref }: OwnerShowsProps) {
  const { t } = useTranslation('owner');
  const shows = useOwnerShows(owner, which);
  const balance = (row: OwnerShow) => (
    <Text span c={row.balance_minor < 0 ? 'red.9' : undefined} style={{ whiteSpace: 'nowrap' }}>
      {formatMoney(row.balance_minor, row.currency)}
    </Text>
  );
  const columns: Column<OwnerShow>[] = [
    { label: t('money.venue'), render: (row) => row.venue_name },
    { label: t('money.dates'), render: (row) => formatDateRange(row.date_from, row.date_to) },
    { label: t('money.balance'), render: balance },
    {
      label: t('money.details'),
      render: (row) => {
        const entries = transactionsHref(row.venue);
        const participation = row.participation === null ? null : participationHref(row.participation, row.venue);
        return (
          <Group gap="sm" wrap="nowrap">
            {entries && (
              <Anchor component={Link} to={entries} aria-label={t('money.transactionsAt', { venue: row.venue_name })}>
                {t('money.transactions')}
              </Anchor>
            )}
            {participation && (
              <Anchor
                component={Link}
                to={participation}
                aria-label={t('money.participationAt', { venue: row.venue_name })}
              >
                {t('money.participation')}
              </Anchor>
            )}
          </Group>
        );
      },
    },
  ];
  return (
    <RecordTable
      title={which === 'shows' ? t('money.showsTitle') : t('money.balanceTitle')}
      query={shows}
      columns={columns}
      rowKey={(row) => row.venue}
      rowName={(row) => row.venue_name}
      empty={which === 'shows' ? t('money.noShows') : t('money.noBalance')}
    />
  );
}
