import { Badge, Group } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VenueUser } from '@shared/schemas/venue-setup';
import { showError } from '@/lib/api-error';
import { confirmDialog } from '@/lib/dialogs';
import { notify } from '@/lib/notify';
import { useVenueUsers } from '../api/list-venue-users';
import { useUnassignVenueUser } from '../api/unassign-venue-user';
import { RecordTable } from '@/lib/components/record-table';
import { StaffAssignForm } from './staff-assign-form';

function fullName(user: VenueUser): string {
  return [user.first_name, user.last_name].filter(Boolean).join(' ') || user.username;
}

/** The venue's organizers and floor staff: who they are, their roles, assign and unassign. */
export function VenueStaff({ venueId }: { venueId: number }) {
  const { t } = useTranslation(['venueSetup', 'common']);
  const users = useVenueUsers(venueId);
  const unassign = useUnassignVenueUser();
  const [assigning, setAssigning] = useState(false);

  async function remove(user: VenueUser) {
    if (!(await confirmDialog({ message: t('users.unassignConfirm', { name: fullName(user) }) }))) return;
    try {
      await unassign.mutateAsync({ venueId, userId: user.id });
      notify.success(t('users.unassigned'));
    } catch (error) {
      showError(error);
    }
  }

  return (
    <>
      <RecordTable
        title={t('users.title')}
        query={users}
        columns={[
          { label: t('users.name'), render: fullName },
          { label: t('users.username'), render: (row) => row.username },
          { label: t('users.email'), render: (row) => row.email },
          {
            label: t('users.roles'),
            render: (row) => (
              <Group gap={4}>
                {row.roles.map((role) => (
                  <Badge key={role} variant="light" size="sm">
                    {t(`common:roles.${role}`)}
                  </Badge>
                ))}
              </Group>
            ),
          },
        ]}
        rowKey={(row) => row.id}
        rowName={fullName}
        empty={t('users.empty')}
        addLabel={t('users.assign')}
        onAdd={() => setAssigning(true)}
        onDelete={remove}
        minWidth={720}
        deleteLabel={t('users.unassign')}
        deleteNamedLabel={(name) => t('users.unassignNamed', { name })}
      />
      {assigning && <StaffAssignForm venueId={venueId} onClose={() => setAssigning(false)} />}
    </>
  );
}
