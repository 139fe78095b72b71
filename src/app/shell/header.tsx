import { ActionIcon, Box, Button, Group } from '@mantine/core';
import { IconKey, IconLogout } from '@tabler/icons-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useLogout } from '@/features/auth/hooks/use-logout';
import { href } from '@/lib/paths';
import { useAppStore } from '@/lib/store';
import { AppLogo } from './app-logo';
import { LanguageSelect } from './language-select';

/**
 * Logout, on its own: useLogout's navigate reads the route context, which every navigation
 * changes; only this button re-renders with it, not the header.
 */
function LogoutButton() {
  const { t } = useTranslation('shell');
  const logout = useLogout();
  return (
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
  );
}

/**
 * The shell's header. `onLogin`: the sign-in page is open (no language choice here then). It
 * reads no router state itself and is memoised: a navigation re-renders the root layout, not the
 * header (a floor scan's screen comes sooner for it).
 */
export const Header = memo(function Header({ onLogin }: { onLogin: boolean }) {
  const { t } = useTranslation('shell');
  const signedIn = useAppStore((state) => state.user !== null);
  // An admin acting as someone does not set that person's password.
  const ownAccount = useAppStore((state) => state.user !== null && state.user.impersonator === null);

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <AppLogo />
      <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
        {!onLogin && <LanguageSelect />}
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
        {signedIn && <LogoutButton />}
      </Group>
    </Group>
  );
});
