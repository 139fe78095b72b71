import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { RiderHorse } from '@shared/schemas/people';
import { RecordTable } from '@/lib/components/record-table';
import { useConfirmDelete } from '@/lib/use-confirm-delete';
import { useSectionHref } from '@/lib/owner-scope';
import { useChangeHorses } from '../api/change-horses';
import { useRiderHorses } from '../api/list-horses';

/** The rider's horses: name, FEI id and owner; add, view, unassign (after a confirm). */
export function HorseList({ rider }: { rider: number }) {
  const { t } = useTranslation('people');
  const navigate = useNavigate();
  const sectionHref = useSectionHref();
  const horses = useRiderHorses(rider);
  const change = useChangeHorses(rider);
  const confirmDelete = useConfirmDelete();
  const go = (to: string | null) => to && navigate(to);
  return (
    <RecordTable<RiderHorse>
      title={t('horses.title')}
      query={horses}
      columns={[
        { label: t('horses.name'), render: (horse) => horse.name },
        { label: t('horses.feiId'), render: (horse) => horse.fei_id ?? '—' },
        { label: t('horses.ownerName'), render: (horse) => horse.owner.owner_name || '—' },
      ]}
      rowKey={(horse) => horse.link}
      rowName={(horse) => horse.name}
      empty={t('horses.empty')}
      addLabel={t('horses.add')}
      onAdd={() => go(sectionHref('HorseAdd'))}
      onView={(horse) => go(sectionHref('HorseView', { id: horse.id }))}
      onDelete={(horse) => confirmDelete(() => change.mutateAsync({ id: horse.id, action: 'remove' }))}
      deleteLabel={t('horses.remove')}
      deleteNamedLabel={(name) => t('horses.removeNamed', { name })}
      minWidth={420}
    />
  );
}
