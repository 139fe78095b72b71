import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { DEVICE_NAME_MAX } from '@shared/devices';
import { ApiError } from '@/lib/api-error';
import { useAppStore } from '@/lib/store';
import { appVersion, deviceState, markRegistered, markRevoked } from '@/offline/device';
import { deviceId } from '@/offline/device-id';
import { useRegisterDevice } from '../api/register-device';
import { RevokedNotice } from './revoked-notice';

/** The floor role a default device name starts with ("Stable tablet 2"). */
const NAMED_ROLES = ['stable', 'welcomedesk', 'signin', 'vetcheck', 'organizer', 'showoffice'] as const;

/**
 * The first sign-in on a tablet that is not registered at the venue: a name (prefilled, e.g.
 * "Stable tablet 2") or skip (the default name). Inline, so the floor screen stays usable.
 */
function RegisterDevice({ venue, venueDevices }: { venue: number; venueDevices: number }) {
  const { t } = useTranslation('devices');
  const roles = useAppStore((state) => state.user?.roles ?? []);
  const role = NAMED_ROLES.find((r) => roles.includes(r)) ?? 'stable';
  const suggested = t('register.defaultName', { role: t(`register.role.${role}`), n: venueDevices + 1 });
  const [name, setName] = useState(suggested);
  const [error, setError] = useState<string | null>(null);
  const register = useRegisterDevice();
  const headingId = useId();

  function save(chosen: string) {
    setError(null);
    register.mutate(
      { device_id: deviceId(), name: chosen.trim() || suggested, venue, app_version: appVersion() },
      {
        onSuccess: (device) => markRegistered(device.name),
        onError: (failure) => {
          if (failure instanceof ApiError && failure.code === 'device_revoked') markRevoked();
          else setError(failure instanceof Error ? failure.message : String(failure));
        },
      },
    );
  }

  return (
    <Card withBorder component="section" aria-labelledby={headingId}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save(name);
        }}
      >
        <Stack gap="xs">
          <Title order={2} size="h4" id={headingId}>
            {t('register.title')}
          </Title>
          <Text size="sm">{t('register.intro')}</Text>
          <TextInput
            label={t('register.name')}
            value={name}
            maxLength={DEVICE_NAME_MAX}
            onChange={(event) => setName(event.currentTarget.value)}
            error={error}
          />
          <Group gap="xs">
            <Button type="submit" loading={register.isPending}>
              {t('register.save')}
            </Button>
            <Button variant="default" disabled={register.isPending} onClick={() => save(suggested)}>
              {t('register.skip')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/**
 * What a floor screen shows about its device: that it was revoked, or, at the
 * first sign-in of its venue's staff, the question for its name.
 */
export function DeviceNotices({ venue }: { venue: number }) {
  const { status, venueDevices } = useStore(deviceState);
  const assigned = useAppStore((state) => state.user?.assigned_venue ?? null);
  if (status === 'revoked') return <RevokedNotice />;
  if (status === 'unregistered' && assigned !== null && assigned === venue) {
    return <RegisterDevice venue={venue} venueDevices={venueDevices} />;
  }
  return null;
}
