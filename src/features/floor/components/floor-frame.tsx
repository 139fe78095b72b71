import { Alert, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { createContext, memo, useContext, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SyncState } from '@/offline/db';
import { useSyncInfo, useSyncInfoUnless } from '@/offline/queries';
import { useAttention, useFloorStatus, type AttentionDetail, type FloorStatus } from '@/offline/status';
import { useFloorSync } from '@/offline/sync';
import { DeviceNotices } from '@/features/devices/components/device-notices';
import { FloorVenueProvider, useFloorVenue, useVenueLabel } from '../use-floor-venue';
import { AttentionList } from './attention-list';
import { FloorBoundary } from './floor-boundary';
import { StatusBar } from './status-bar';

interface FloorFrameProps {
  /** The page heading (h1) with the venue's name under it; leave it out where the page has its own. */
  title?: string;
  /** The venue to work at (the admin's views of any venue); the signed-in user's venue by default. */
  venue?: number;
  children: ReactNode;
}

/** What the frame shows about its venue: its sync state and the refused writes. */
interface FloorState {
  venue: number;
  status: FloorStatus;
  info: SyncState | undefined;
  attention: AttentionDetail[];
}

/** The venue's sync kept moving and its state read. */
function useFloorState(): FloorState {
  const venue = useFloorVenue();
  useFloorSync(venue);
  const status = useFloorStatus(venue);
  const info = useSyncInfo(venue);
  const attention = useAttention(venue);
  return { venue, status, info, attention };
}

/** The frame's venue and sync state for the screen inside it (null outside a frame). */
const FloorViewContext = createContext<Pick<FloorState, 'venue' | 'info'> | null>(null);

/**
 * The venue's sync state as the frame around the calling screen read it; read here where there
 * is no frame, or the frame works at another venue.
 */
export function useFloorInfo(venue: number): SyncState | undefined {
  const frame = useContext(FloorViewContext);
  const framed = frame?.venue === venue;
  const own = useSyncInfoUnless(venue, framed);
  return framed ? frame.info : own;
}

const sameStatus = (a: FloorStatus, b: FloorStatus) =>
  (Object.keys(a) as (keyof FloorStatus)[]).every((key) => a[key] === b[key]);

/**
 * The frame's own parts (device notices, status, refused writes): memoised on what they show,
 * so a navigation between the screens of a frame that stays (FloorScreensFrame) re-renders the
 * screen, not them; useFloorStatus builds its object anew on every render.
 */
const FrameParts = memo(
  function FrameParts({ venue, status, info, attention }: FloorState) {
    return (
      <>
        <DeviceNotices venue={venue} />
        <StatusBar status={status} timeZone={info?.timeZone} />
        <AttentionList items={attention} />
      </>
    );
  },
  (a, b) => a.venue === b.venue && a.info === b.info && a.attention === b.attention && sameStatus(a.status, b.status),
);

/** The venue's name under a screen's heading (outside FrameParts: it comes and goes with the heading). */
function VenueName({ info }: { info: SyncState | undefined }) {
  const { name } = useVenueLabel(info);
  return name ? <Text c="dimmed">{name}</Text> : null;
}

function FloorView({ state, showVenue, children }: { state: FloorState; showVenue: boolean; children: ReactNode }) {
  const { t } = useTranslation('floor');
  const { venue, status, info } = state;
  // The screens read the venue and its sync state from here: a new object only when they change.
  const view = useMemo(() => ({ venue, info }), [venue, info]);
  return (
    <Stack>
      {showVenue && <VenueName info={info} />}
      <FrameParts {...state} />
      {/*
        While the frame still reads whether a snapshot is here, the screen is mounted hidden: its
        own reads run meanwhile instead of after (a scan's screen shows at once), and it shows in
        place (no remount) as soon as the snapshot is known to be here.
      */}
      {(status.ready || status.pending === null) && (
        <div style={{ display: status.ready ? 'contents' : 'none' }}>
          <FloorViewContext.Provider value={view}>{children}</FloorViewContext.Provider>
        </div>
      )}
      {status.ready ? null : status.online && status.reachable !== false ? (
        <Center py="xl">
          <Stack align="center" gap="xs">
            <Loader role="status" aria-label={t('frame.loading')} />
            <Text c="dimmed">{t('frame.loading')}</Text>
          </Stack>
        </Center>
      ) : (
        <Alert color="orange" role="alert" title={t('frame.offlineTitle')}>
          {t('frame.offlineNoData')}
        </Alert>
      )}
    </Stack>
  );
}

function OwnFloorView(props: { showVenue: boolean; children: ReactNode }) {
  return <FloorView state={useFloorState()} {...props} />;
}

/** The page heading (h1), or what the page shows in its place (`head`), and the frame under it. */
function FramedPage({ title, head, children }: { title?: string; head?: ReactNode; children: ReactNode }) {
  return (
    <Stack>
      {head}
      {title && <Title order={1}>{title}</Title>}
      <FloorBoundary>
        <OwnFloorView showVenue={title !== undefined}>{children}</OwnFloorView>
      </FloorBoundary>
    </Stack>
  );
}

/**
 * A floor screen in a frame of its own: it keeps the venue's data in sync while open, shows the
 * sync state and the refused writes, and shows the screen once a snapshot is here.
 */
export function FloorFrame({ title, venue, children }: FloorFrameProps) {
  const frame = <FramedPage title={title}>{children}</FramedPage>;
  return venue === undefined ? frame : <FloorVenueProvider venue={venue}>{frame}</FloorVenueProvider>;
}

/**
 * The one frame of an audience's floor screens (their shared layout route; the screen is
 * `children`, the route's outlet): it stays mounted while staff move between them, and with it
 * the venue's sync, its state and the frame's parts, so a scanned code's screen is the only
 * thing that mounts, with the snapshot already known to be here. `title`: the screen's heading;
 * `head`: what shows above the frame in its place (an audience's dashboard).
 */
export function FloorScreensFrame(props: { title?: string; head?: ReactNode; children: ReactNode }) {
  return <FramedPage {...props} />;
}
