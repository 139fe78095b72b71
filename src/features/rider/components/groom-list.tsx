import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Groom } from '@shared/schemas/people';
import { RecordTable } from '@/lib/components/record-table';
import { useSectionHref } from '@/lib/owner-scope';
import { useConfirmDelete } from '@/lib/use-confirm-delete';
import { useChangeGrooms } from '../api/change-grooms';
import { useRiderGrooms } from '../api/list-grooms';

export const groomName = (groom: Groom) => `${groom.first_name} ${groom.last_name}`.trim();

/** The rider's grooms: add, edit, remove (after a confirm). */
export function GroomList({ rider }: { rider: number }) {
  const { t } = useTranslation('people');
  const navigate = useNavigate();
  const sectionHref = useSectionHref();
  const grooms = useRiderGrooms(rider);
  const change = useChangeGrooms(rider);
  const confirmDelete = useConfirmDelete();
  const go = (to: string | null) => to && navigate(to);
  return (
    <RecordTable<Groom>
      title={t('grooms.title')}
      query={grooms}
      columns={[
        { label: t('grooms.name'), render: groomName },
        { label: t('grooms.email'), render: (groom) => groom.email ?? '—' },
        { label: t('grooms.phone'), render: (groom) => groom.phone ?? '—' },
      ]}
      rowKey={(groom) => groom.id}
      rowName={groomName}
      empty={t('grooms.empty')}
      addLabel={t('grooms.add')}
      onAdd={() => go(sectionHref('GroomAdd'))}
      onEdit={(groom) => go(sectionHref('GroomEdit', { groomId: groom.id }))}
      onDelete={(groom) => confirmDelete(() => change.mutateAsync({ id: groom.id, action: 'remove' }))}
      deleteLabel={t('grooms.remove')}
      deleteNamedLabel={(name) => t('grooms.removeNamed', { name })}
      minWidth={420}
    />
  );
}
