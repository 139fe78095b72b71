import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { href } from '@/lib/paths';
import { useVecs } from '../api/list-vecs';
import { RecordTable } from '@/lib/components/record-table';

/** Each event of the venue with the way to its tax configuration. */
export function TaxConfigurationList({ venueId }: { venueId: number }) {
  const { t } = useTranslation('venueSetup');
  const vecs = useVecs(venueId);
  return (
    <RecordTable
      title={t('taxConfiguration.listTitle')}
      query={vecs}
      columns={[
        { label: t('vecs.name'), render: (row) => row.name },
        { label: t('vecs.eventCategory'), render: (row) => row.event_category_code },
        {
          label: t('taxConfiguration.title'),
          render: (row) => (
            <Button
              component={Link}
              to={href('venueTaxConfigurationEdit', { venueId, VEC_ID: row.id })}
              size="compact-sm"
              variant="default"
              aria-label={t('taxConfiguration.editNamed', { name: row.name })}
            >
              {t('taxConfiguration.edit')}
            </Button>
          ),
        },
      ]}
      rowKey={(row) => row.id}
      rowName={(row) => row.name}
      empty={t('taxConfiguration.noEvents')}
      minWidth={420}
    />
  );
}
