import { Button, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PersonAtVenue } from '@shared/schemas/participation';
import { errorText } from '@/lib/api-error';
import { CameraScanner } from '@/lib/components/camera-scanner';
import { SEARCH_DEBOUNCE_MS } from '@/lib/debounce';
import { useRiderSearch } from '../api/find-riders';
import { resolveQr } from '../api/resolve-qr';

interface RiderPickerProps {
  venue: number | null;
  onPick(rider: PersonAtVenue): void;
}

/** Whom to charge: a rider at the show found by name or head number, or by their QR code. */
export function RiderPicker({ venue, onPick }: RiderPickerProps) {
  const { t } = useTranslation(['people', 'common']);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const matches = useRiderSearch(venue, debounced);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [resolving, setResolving] = useState(false);
  const [scanning, scanner] = useDisclosure(false);

  /** Resolve a typed, pasted or scanned code to the rider it belongs to at this show. */
  async function lookUp(text = code) {
    setCodeError(null);
    setResolving(true);
    try {
      onPick(await resolveQr(venue, text));
      setCode('');
    } catch (error) {
      setCodeError(errorText(error));
    } finally {
      setResolving(false);
    }
  }

  return (
    <Stack gap="sm">
      <TextInput
        label={t('sale.findRider')}
        description={t('sale.findRiderHint')}
        value={search}
        disabled={venue === null}
        onChange={(event) => setSearch(event.currentTarget.value)}
        rightSection={matches.isFetching ? <Loader size="xs" /> : null}
      />
      {matches.data?.results.length === 0 && <Text c="dimmed">{t('sale.noRiders')}</Text>}
      {matches.data?.results.map((rider) => (
        <Group key={rider.id} justify="space-between" wrap="nowrap">
          <Text>
            {rider.name}
            {rider.fei_id && (
              <Text span c="dimmed">
                {' '}
                ({rider.fei_id})
              </Text>
            )}
          </Text>
          <Button
            size="compact-sm"
            variant="default"
            aria-label={t('sale.chooseNamed', { name: rider.name })}
            onClick={() => onPick(rider)}
          >
            {t('sale.choose')}
          </Button>
        </Group>
      ))}
      <Group align="flex-end" wrap="nowrap">
        <TextInput
          label={t('sale.qrCode')}
          description={t('sale.qrCodeHint')}
          value={code}
          error={codeError}
          onChange={(event) => setCode(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void lookUp();
            }
          }}
          style={{ flex: 1 }}
        />
        <Button variant="default" loading={resolving} onClick={() => void lookUp()}>
          {t('sale.lookUp')}
        </Button>
      </Group>
      <Group>
        <Button variant="light" disabled={venue === null} onClick={scanner.open}>
          {t('sale.scan')}
        </Button>
      </Group>
      <Modal
        opened={scanning}
        onClose={scanner.close}
        title={t('sale.scanTitle')}
        closeButtonProps={{ 'aria-label': t('common:form.close') }}
      >
        {scanning && (
          <CameraScanner
            onDecode={(text) => {
              scanner.close();
              setCode(text);
              void lookUp(text);
            }}
          />
        )}
      </Modal>
    </Stack>
  );
}
