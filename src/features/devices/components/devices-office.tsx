import { Badge, Button, Group, Pagination, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Device } from '@shared/schemas/devices';
import { VenueSelect } from '@/features/venues/components/venue-select';
import { RecordTable } from '@/lib/components/record-table';
import { confirmDialog } from '@/lib/dialogs';
import { formatDateTime } from '@/lib/format';
import { submitErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useChangeDevice, type DeviceChange } from '../api/change-device';
import { DEVICES_PAGE_SIZE, useDevices } from '../api/list-devices';
import { DeviceRenameModal } from './device-rename-modal';

type DevicesOfficeProps =
  /** The venue's office (organizer, show office): that venue's devices. */
  | { venueId: number }
  /** Admins: every venue's devices, filtered by venue. */
  | { allVenues: true };

/**
 * The floor devices: name, venue, last user, last seen, app version, writes
 * pending as last reported, state; rename, revoke and restore (each revoke and restore asks
 * first). One component for the admin's `/devices` and the organizer's `/organizer/devices`.
 */
export function DevicesOffice(props: DevicesOfficeProps) {
  const { t } = useTranslation('devices');
  const allVenues = 'allVenues' in props;
  const [venueFilter, setVenueFilter] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const devices = useDevices(
    allVenues ? { scope: 'all', venue: venueFilter } : { scope: 'venue', venue: props.venueId },
    page,
  );
  const change = useChangeDevice();
  const [renaming, setRenaming] = useState<Device | null>(null);
  const pages = Math.ceil((devices.data?.count ?? 0) / DEVICES_PAGE_SIZE);

  async function apply(device: Device, kind: DeviceChange) {
    const confirmed = await confirmDialog({
      title: t(`${kind}.confirmTitle`),
      message: t(`${kind}.confirm`, { name: device.name }),
    });
    if (!confirmed) return;
    change.mutate(
      { device: device.id, change: kind },
      {
        onSuccess: () => notify.success(t(`${kind}.done`, { name: device.name })),
        onError: (error) => submitErrors(error, {}).form.forEach((message) => notify.error(message)),
      },
    );
  }

  return (
    <Stack>
      <Text c="dimmed">{t('office.intro')}</Text>
      {allVenues && (
        <VenueSelect
          value={venueFilter}
          onChange={(venue) => {
            setVenueFilter(venue);
            setPage(1);
          }}
        />
      )}
      <RecordTable
        title={t('office.title')}
        query={devices}
        minWidth={900}
        rowKey={(row) => row.id}
        rowName={(row) => row.name}
        empty={t('office.empty')}
        columns={[
          {
            label: t('office.name'),
            render: (row) => (
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {row.name}
              </Text>
            ),
          },
          ...(allVenues ? [{ label: t('office.venue'), render: (row: Device) => row.venue_name }] : []),
          { label: t('office.lastUser'), render: (row) => row.last_user ?? '—' },
          {
            label: t('office.lastSeen'),
            render: (row) => (row.last_seen_at ? formatDateTime(row.last_seen_at) : t('office.never')),
          },
          { label: t('office.appVersion'), render: (row) => row.app_version ?? '—' },
          { label: t('office.pending'), render: (row) => row.pending_writes },
          {
            label: t('office.state'),
            render: (row) => (
              <Stack gap={2} align="flex-start">
                <Badge color={row.state === 'revoked' ? 'red' : 'green'} variant="light">
                  {t(`state.${row.state}`)}
                </Badge>
                {row.revoked_at && (
                  <Text size="xs" c="dimmed">
                    {t('office.revokedBy', {
                      at: formatDateTime(row.revoked_at),
                      by: row.revoked_by ?? '—',
                    })}
                  </Text>
                )}
              </Stack>
            ),
          },
          {
            label: t('office.actions'),
            render: (row) => (
              <Group gap="xs" wrap="wrap">
                <Button
                  size="compact-sm"
                  variant="default"
                  aria-label={t('rename.named', { name: row.name })}
                  onClick={() => setRenaming(row)}
                >
                  {t('rename.action')}
                </Button>
                {row.state === 'active' ? (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    aria-label={t('revoke.named', { name: row.name })}
                    onClick={() => void apply(row, 'revoke')}
                  >
                    {t('revoke.action')}
                  </Button>
                ) : (
                  <Button
                    size="compact-sm"
                    variant="light"
                    aria-label={t('restore.named', { name: row.name })}
                    onClick={() => void apply(row, 'restore')}
                  >
                    {t('restore.action')}
                  </Button>
                )}
              </Group>
            ),
          },
        ]}
      />
      {pages > 1 && <Pagination value={page} onChange={setPage} total={pages} />}
      {renaming && <DeviceRenameModal device={renaming} onClose={() => setRenaming(null)} />}
    </Stack>
  );
}
