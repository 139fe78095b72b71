import { Alert, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InviteInfo } from '@shared/schemas/owner';

/** Why a link can no longer be used, or null while it can. */
export function inviteProblem(info: InviteInfo): 'link_used' | 'link_expired' | null {
  if (info.used) return 'link_used';
  if (info.expired) return 'link_expired';
  return null;
}

/** Who invites whom to what, from POST /api/v1/invite/check/. */
export function InviteDetails({ info }: { info: InviteInfo }) {
  const { t } = useTranslation(['owner', 'errors']);
  const problem = inviteProblem(info);
  const name = `${info.first_name} ${info.last_name}`.trim();
  const values = {
    inviter: info.invited_by,
    venue: info.venue_name ?? '',
    role: info.role ? t(`team.roles.${info.role}`, { defaultValue: info.role }) : '',
  };
  return (
    <Stack gap="xs">
      <Text>{info.purpose === 'team_member' ? t('invite.teamText', values) : t('invite.attendeeText', values)}</Text>
      <Text size="sm" c="dimmed">
        {t('invite.for', { name: name || info.email, email: info.email })}
      </Text>
      {problem && (
        <Alert color="red" role="alert">
          {t(`errors:${problem}`)}
        </Alert>
      )}
    </Stack>
  );
}
