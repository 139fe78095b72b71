import { Alert, Anchor, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { href } from '@/lib/paths';
import { useAppStore } from '@/lib/store';

interface InvitationNoticeProps {
  kind: 'teamMembership' | 'attendee';
  /** The invitation's token from the link; null when the link was cut off. */
  token: string | null;
  /** Where to come back to after signing in (this page, with its query). */
  returnTo: string;
}

/** Explains an e-mailed invitation and how it is accepted. */
export function InvitationNotice({ kind, token, returnTo }: InvitationNoticeProps) {
  const { t } = useTranslation('invitations');
  const signedIn = useAppStore((state) => state.user !== null);

  if (!token) return <Alert color="yellow">{t('incomplete')}</Alert>;
  return (
    <Stack>
      <Text>{t(`${kind}.intro`)}</Text>
      <Text>{signedIn ? t(`${kind}.signedIn`) : t(`${kind}.signIn`)}</Text>
      {!signedIn && (
        <Group>
          <Anchor component={Link} to={href('login', {}, { next: returnTo })}>
            {t('signInLink')}
          </Anchor>
          <Anchor component={Link} to={href('registration')}>
            {t('registerLink')}
          </Anchor>
        </Group>
      )}
    </Stack>
  );
}
