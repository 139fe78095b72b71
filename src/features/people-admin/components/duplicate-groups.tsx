import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { RecordTable } from '@/lib/components/record-table';
import { href } from '@/lib/paths';
import { useDuplicates, type DuplicateGroup } from '../api/list-duplicates';

const names = (group: DuplicateGroup) =>
  group.horses.map((horse) => (horse.fei_id ? `${horse.name} (${horse.fei_id})` : horse.name)).join(', ');

/** Horse records that look like one another; "Merge" opens the group to pick the record to keep. */
export function DuplicateGroups() {
  const { t } = useTranslation('people');
  const navigate = useNavigate();
  const duplicates = useDuplicates();
  return (
    <RecordTable<DuplicateGroup>
      title={t('duplicates.title')}
      query={duplicates}
      columns={[
        { label: t('duplicates.horses'), render: names },
        { label: t('duplicates.records'), render: (group) => group.horses.length },
        {
          label: t('common:table.actions'),
          render: (group) =>
            group.horses[0] && (
              <Button
                size="compact-sm"
                variant="default"
                aria-label={t('duplicates.mergeNamed', { name: group.horses[0].name })}
                onClick={() => navigate(href('duplicateHorseEdit', { id: group.horses[0]!.id }))}
              >
                {t('duplicates.merge')}
              </Button>
            ),
        },
      ]}
      rowKey={(group) => group.key}
      rowName={(group) => group.horses[0]?.name ?? group.key}
      empty={t('duplicates.empty')}
      minWidth={420}
    />
  );
}
