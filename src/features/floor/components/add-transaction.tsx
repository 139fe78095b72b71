import { Button, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSyncInfo, type FloorPerson } from '@/offline/queries';
import { ScanButton } from '../scanner/scan-button';
import { useFloorVenue, useVenueLabel } from '../use-floor-venue';
import { QuickCharge } from './quick-charge';
import { PersonCard } from './person-card';
import { PersonSearch } from './person-search';

/**
 * Find the person (search or scan), then charge items one after another: the person stays
 * chosen after each save so the next item is quick.
 */
export function AddTransaction() {
  const { t } = useTranslation('floor');
  const venue = useFloorVenue();
  const { currency, name: venueName } = useVenueLabel(useSyncInfo(venue));
  const [person, setPerson] = useState<FloorPerson | null>(null);
  if (!person) {
    return (
      <Stack>
        <Group>
          <ScanButton />
        </Group>
        <PersonSearch venue={venue} onPick={setPerson} />
      </Stack>
    );
  }
  return (
    <PersonCard person={person}>
      <QuickCharge venue={venue} venueName={venueName} currency={currency} person={person} />
      <Group>
        <Button variant="subtle" onClick={() => setPerson(null)}>
          {t('person.change')}
        </Button>
      </Group>
    </PersonCard>
  );
}
