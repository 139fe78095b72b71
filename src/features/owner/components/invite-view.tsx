import { Alert, Anchor, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { errorText } from '@/lib/api-error';
import { href } from '@/lib/paths';
import { useAppStore } from '@/lib/store';
import { useAcceptInvite, useInviteCheck } from '../api/invites';
import { InviteDetails, inviteProblem } from './invite-details';

interface InviteViewProps {
  token: string;
  /** This page's URL, to come back to after signing in. */
  here: string;
}

/** An invitation link opened: who invites to what; sign in or register, then join. */
export function InviteView({ token, here }: InviteViewProps) {
  const { t } = useTranslation(['owner', 'errors']);
  const signedIn = useAppStore((state) => state.user !== null);
  const check = useInviteCheck(token);
  const accept = useAcceptInvite();
  if (!token) {
    return (
      <Alert color="red" role="alert">
        {t('errors:link_invalid')}
      </Alert>
    );
  }
  if (check.isPending) return <Skeleton height={120} aria-label={t('invite.checking')} />;
  if (check.isError) {
    return (
      <Alert color="red" role="alert">
        {errorText(check.error)}
      </Alert>
    );
  }
  if (accept.isSuccess) {
    return (
      <Alert color="green" title={t('invite.joined')}>
        <Anchor component={Link} to={href('chooseDashboard')}>
          {t('invite.toDashboard')}
        </Anchor>
      </Alert>
    );
  }
  const usable = !inviteProblem(check.data);
  return (
    <Card withBorder>
      <Stack>
        <InviteDetails info={check.data} />
        {usable && !signedIn && (
          <>
            <Text>{t('invite.signInFirst')}</Text>
            <Group>
              <Button component={Link} to={href('login', {}, { next: here })}>
                {t('invite.signIn')}
              </Button>
              <Button component={Link} to={href('registration')} variant="default">
                {t('invite.register')}
              </Button>
            </Group>
          </>
        )}
        {usable && signedIn && (
          <Button onClick={() => accept.mutate(token)} loading={accept.isPending}>
            {t('invite.join')}
          </Button>
        )}
        {accept.isError && (
          <Alert color="red" role="alert">
            {errorText(accept.error)}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
