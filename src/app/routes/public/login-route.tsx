import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Group, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useStore } from 'zustand';
import { LoginForm } from '@/features/auth/components/login-form';
import { deviceState } from '@/offline/device-state';
import { href, safeNext } from '@/lib/paths';
import { useStartSession } from '../../session/use-start-session';
import { LanguageSelect } from '../../shell/language-select';
import { PublicPage } from './public-page';

// Loaded only on a revoked tablet: it reads the offline store, which the sign-in page otherwise spares.
const RevokedNotice = lazy(() =>
  import('@/features/devices/components/revoked-notice').then((module) => ({ default: module.RevokedNotice })),
);

export function LoginRoute() {
  const { t } = useTranslation('auth');
  const [search] = useSearchParams();
  const startSession = useStartSession();
  const revoked = useStore(deviceState, (state) => state.status === 'revoked');
  const destination = safeNext(search.get('next')) ?? href('chooseDashboard');
  return (
    <PublicPage title={t('login.title')}>
      <Stack>
        {/* The header's selector is hidden here (spec); whoever signs in still picks the language first. */}
        <Group justify="flex-end">
          <LanguageSelect />
        </Group>
        {/* A revoked tablet is signed out: its unsent writes are listed here for the office. */}
        {revoked && (
          <Suspense fallback={null}>
            <RevokedNotice />
          </Suspense>
        )}
        <LoginForm onToken={(token) => startSession(token, destination)} />
      </Stack>
    </PublicPage>
  );
}
