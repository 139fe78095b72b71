import { Alert, Anchor, Group, Loader } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { mark, PERF } from '@shared/perf-marks';
import { Link } from 'react-router-dom';
import { href } from '@/lib/paths';
import { readAhead, useKeptScanReads, useQrCharge, type QrChargeRead } from '@/offline/queries';
import { ScanButton } from '../scanner/scan-button';
import { currentFloorVenue, useFloorVenue, useVenueLabel } from '../use-floor-venue';
import { QuickCharge } from './quick-charge';
import { useFloorInfo } from './floor-frame';
import { PersonCard } from './person-card';

/**
 * A scan's screen read while the router is still on its way to it (the route's loader, which
 * hands it over without waiting for it): the read runs beside the route's render instead of
 * before it, and the screen shows the person and the items as soon as it is there.
 */
export function readQrChargeAhead(code: string): QrChargeRead {
  return readAhead(currentFloorVenue(), code);
}

export type { QrChargeRead };

/**
 * While the calling screen is mounted (the stable's layout: any of its screens), what a scan's
 * screen reads stays read in memory, read again after a change once the store is quiet: the next
 * scan's screen shows in its first render, without waiting for IndexedDB.
 */
export function useKeptScans(): void {
  useKeptScanReads(useFloorVenue());
}

/**
 * The person a scanned code names, with the charge form; unknown or forged codes are refused.
 * `ahead`: the screen's read started before it rendered (readQrChargeAhead).
 */
export function QrCharge({ code, ahead }: { code: string; ahead?: QrChargeRead }) {
  const { t } = useTranslation('floor');
  const venue = useFloorVenue();
  const { currency, name: venueName } = useVenueLabel(useFloorInfo(venue));
  // The person and the items in one read: the screen shows once, ready to charge.
  const screen = useQrCharge(venue, code, ahead?.venue === venue && ahead.code === code ? ahead : undefined);
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
