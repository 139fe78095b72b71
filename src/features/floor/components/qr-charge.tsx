import { Alert, Anchor, Group, Loader } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { mark, PERF } from '@shared/perf-marks';
import { Link } from 'react-router-dom';
import { href } from '@/lib/paths';
import { readQrCharge, useQrCharge, useSyncInfo, type QrChargeScreen } from '@/offline/queries';
import { ScanButton } from '../scanner/scan-button';
import { currentFloorVenue, useFloorVenue, useVenueLabel } from '../use-floor-venue';
import { QuickCharge } from './quick-charge';
import { PersonCard } from './person-card';

/** A scan's screen as read before it rendered, for the venue and code it was read for. */
export interface QrChargeRead {
  venue: number;
  code: string;
  screen: QrChargeScreen;
}

/** How long the router waits for that read (IndexedDB busy storing a snapshot): the screen then reads it itself. */
const READ_AHEAD_MS = 150;

/**
 * A scan's screen read while the router is still on its way to it (the route's loader): the
 * screen then renders once, with the person and the items, instead of rendering empty, starting
 * its read after the paint and rendering again. Null when the read fails or takes longer.
 */
export function readQrChargeAhead(code: string): Promise<QrChargeRead | null> {
  const venue = currentFloorVenue();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), READ_AHEAD_MS)));
  const read = readQrCharge(venue, code).then(
    (screen) => ({ venue, code, screen }),
    () => null,
  );
  return Promise.race([read, late]).finally(() => clearTimeout(timer));
}

/**
 * The person a scanned code names, with the charge form; unknown or forged codes are refused.
 * `ahead`: the screen's read made before it rendered (readQrChargeAhead).
 */
export function QrCharge({ code, ahead }: { code: string; ahead?: QrChargeRead | null }) {
  const { t } = useTranslation('floor');
  const venue = useFloorVenue();
  const { currency, name: venueName } = useVenueLabel(useSyncInfo(venue));
  // The person and the items in one read: the screen shows once, ready to charge.
  const screen = useQrCharge(venue, code, ahead?.venue === venue && ahead.code === code ? ahead.screen : undefined);
  const person = screen?.person;
  const found = person !== undefined && person !== null;
  useEffect(() => {
    if (found) mark(PERF.scanPerson);
  }, [found, code]);
  if (person === undefined) return <Loader role="status" aria-label={t('frame.loading')} />;
  if (person === null) {
    return (
      <>
        <Alert color="red" role="alert" title={t('qr.invalidTitle')}>
          {t('qr.invalid')}
        </Alert>
        <Group>
          <ScanButton />
          <Anchor component={Link} to={href('stableAddTransaction')}>
            {t('qr.searchInstead')}
          </Anchor>
        </Group>
      </>
    );
  }
  return (
    <>
      <PersonCard person={person}>
        <QuickCharge
          venue={venue}
          venueName={venueName}
          currency={currency}
          person={person}
          items={screen}
          balance={screen?.balance}
        />
      </PersonCard>
      <Group>
        <ScanButton />
      </Group>
    </>
  );
}
