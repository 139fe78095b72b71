import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DevicesOffice } from '@/features/devices/components/devices-office';
import { VenueName } from '@/features/ledger/components/venue-name';
import { useAppStore } from '@/lib/store';

/** Admin `/devices`: every venue's floor devices, filtered by venue. */
export function AdminDevicesRoute() {
  const { t } = useTranslation('routes');
  return (
    <Stack>
      <Title order={1}>{t('devices')}</Title>
      <DevicesOffice allVenues />
    </Stack>
  );
}

/** Organizer `/organizer/devices`: the floor devices of their venue. */
export function OrganizerDevicesRoute() {
  const { t } = useTranslation('routes');
  const venueId = useAppStore((state) => state.user?.assigned_venue ?? null);
  return (
    <Stack>
      <Title order={1}>{t('organizerDevices')}</Title>
      {venueId !== null && (
        <>
          <VenueName venueId={venueId} />
          <DevicesOffice venueId={venueId} />
        </>
      )}
    </Stack>
  );
}
