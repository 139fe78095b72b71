import { Alert, Button, Card, Group, Stack, TextInput, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InviteInfo } from '@shared/schemas/owner';
import { errorText } from '@/lib/api-error';
import { RecordTable } from '@/lib/components/record-table';
import { formatDate } from '@/lib/format';
import { notify } from '@/lib/notify';
import { checkInvite, tokenFromLink, useAcceptInvite } from '../api/invites';
import { useMyMemberships } from '../api/team-members';
import { InviteDetails, inviteProblem } from './invite-details';

/** Paste an invitation link or code, check it, then join; below, the teams I joined. */
export function TeamJoin() {
  const { t } = useTranslation('owner');
  const titleId = useId();
  const mine = useMyMemberships();
  const accept = useAcceptInvite();
  const [link, setLink] = useState('');
  const [checked, setChecked] = useState<{ token: string; info: InviteInfo } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  async function check() {
    setError(null);
    setChecked(null);
    const token = tokenFromLink(link);
    setChecking(true);
    try {
      setChecked({ token, info: await checkInvite(token) });
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setChecking(false);
    }
  }

  async function join(token: string) {
    setError(null);
    try {
      await accept.mutateAsync(token);
      notify.success(t('invite.joined'));
      setChecked(null);
      setLink('');
    } catch (failure) {
      setError(errorText(failure));
    }
  }

  return (
    <Stack>
      <Card withBorder component="section" aria-labelledby={titleId}>
        <Stack>
          <Title order={2} size="h4" id={titleId}>
            {t('join.title')}
          </Title>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void check();
            }}
          >
            <Group align="flex-end">
              <TextInput
                label={t('join.link')}
                description={t('join.linkHint')}
                value={link}
                onChange={(event) => setLink(event.currentTarget.value)}
                style={{ flex: '1 1 240px' }}
                autoComplete="off"
              />
              <Button type="submit" variant="default" loading={checking}>
                {t('join.check')}
              </Button>
            </Group>
          </form>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          {checked && (
            <>
              <InviteDetails info={checked.info} />
              {!inviteProblem(checked.info) && (
                <Button onClick={() => void join(checked.token)} loading={accept.isPending}>
                  {t('invite.join')}
                </Button>
              )}
            </>
          )}
        </Stack>
      </Card>
      <RecordTable
        title={t('join.mine')}
        query={mine}
        columns={[
          { label: t('join.team'), render: (row) => row.owner_name },
          { label: t('team.venue'), render: (row) => row.venue_name },
          { label: t('team.role'), render: (row) => t(`team.roles.${row.role}`) },
          { label: t('join.joinedAt'), render: (row) => formatDate(row.joined_at) },
        ]}
        rowKey={(row) => row.id}
        rowName={(row) => row.owner_name}
        empty={t('join.empty')}
      />
    </Stack>
  );
}
