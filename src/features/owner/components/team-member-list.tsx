import { Badge, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { TeamMember } from '@shared/schemas/owner';
import { showError } from '@/lib/api-error';
import { RecordTable } from '@/lib/components/record-table';
import { notify } from '@/lib/notify';
import { useConfirmDelete } from '@/lib/use-confirm-delete';
import type { OwnerRef } from '../api/owner-path';
import { useTeamMemberMutations, useTeamMembers } from '../api/team-members';

interface TeamMemberListProps {
  owner: OwnerRef;
  /** The list's heading ("Team members", or "Accreditation" for officials). */
  title: string;
  addHref: string | null;
  editHref(id: number): string | null;
}

/** The people the owner invited: name, role, venue and whether they joined; resend a lost link. */
export function TeamMemberList({ owner, title, addHref, editHref }: TeamMemberListProps) {
  const { t } = useTranslation('owner');
  const members = useTeamMembers(owner);
  const { remove, resend } = useTeamMemberMutations(owner);
  const confirmDelete = useConfirmDelete();
  const navigate = useNavigate();
  const go = (to: string | null) => to && void navigate(to);
  const name = (row: TeamMember) => `${row.first_name} ${row.last_name}`.trim();
  return (
    <RecordTable
      title={title}
      query={members}
      columns={[
        { label: t('team.name'), render: name },
        { label: t('team.role'), render: (row) => t(`team.roles.${row.role}`) },
        { label: t('team.venue'), render: (row) => row.venue_name },
        {
          label: t('team.status'),
          render: (row) => (
            <Badge variant="light" color={row.status === 'joined' ? 'green' : 'yellow'}>
              {t(`team.statuses.${row.status}`)}
            </Badge>
          ),
        },
        {
          label: t('team.invite'),
          render: (row) =>
            row.status === 'invited' && (
              <Button
                size="compact-sm"
                variant="light"
                aria-label={t('team.resendNamed', { name: name(row) })}
                onClick={() =>
                  resend
                    .mutateAsync(row.id)
                    .then(() => notify.success(t('team.resent', { email: row.email })), showError)
                }
              >
                {t('team.resend')}
              </Button>
            ),
        },
      ]}
      rowKey={(row) => row.id}
      rowName={name}
      empty={t('team.empty')}
      addLabel={t('team.add')}
      onAdd={addHref ? () => go(addHref) : undefined}
      onEdit={(row) => go(editHref(row.id))}
      onDelete={(row) => confirmDelete(() => remove.mutateAsync(row.id))}
      minWidth={760}
    />
  );
}
