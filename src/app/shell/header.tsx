import { ActionIcon, Box, Button, Group } from '@mantine/core';
import { IconKey, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useLogout } from '@/features/auth/hooks/use-logout';
import { href, matchesPath } from '@/lib/paths';
import { useAppStore } from '@/lib/store';
import { AppLogo } from './app-logo';
import { LanguageSelect } from './language-select';

export function Header() {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const signedIn = useAppStore((state) => state.user !== null);
  // An admin acting as someone does not set that person's password.
  const ownAccount = useAppStore((state) => state.user !== null && state.user.impersonator === null);
  const logout = useLogout();

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <AppLogo />
      <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
        {!matchesPath(pathname, ['login']) && <LanguageSelect />}
        {ownAccount && (
          <ActionIcon
            component={Link}
            to={href('changePassword')}
            variant="subtle"
            size="md"
            aria-label={t('changePassword')}
            title={t('changePassword')}
          >
            <IconKey size={16} aria-hidden />
          </ActionIcon>
        )}
        {signedIn && (
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconLogout size={16} aria-hidden />}
            aria-label={t('logout')}
            onClick={() => void logout()}
          >
            {/* On a phone the icon alone, so a wide show logo and the language still fit at 360 px. */}
            <Box component="span" visibleFrom="xs">
              {t('logout')}
            </Box>
          </Button>
        )}
      </Group>
    </Group>
  );
}
