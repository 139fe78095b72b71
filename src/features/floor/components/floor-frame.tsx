import { Alert, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { createContext, useContext, type ReactNode } from 'react';
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

/**
 * What the frame shows about its venue: its sync state and the refused writes, read while the
 * frame (or its scope) is mounted: a screen opened under the scope starts no read of them.
 */
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

/** The frame's state for the screen inside it (null outside a frame). */
const FloorViewContext = createContext<FloorState | null>(null);

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

const FloorScopeContext = createContext<FloorState | null>(null);

function ScopeState({ children }: { children: ReactNode }) {
  return <FloorScopeContext.Provider value={useFloorState()}>{children}</FloorScopeContext.Provider>;
}

/**
 * The floor screens of one audience under one scope (their shared layout route): the venue's
 * sync and its state stay while staff move between the screens, so a scanned code's screen
 * shows at once, with the snapshot already known to be here, instead of reading it all again.
 */
export function FloorScope({ children }: { children: ReactNode }) {
  return (
    <FloorBoundary>
      <ScopeState>{children}</ScopeState>
    </FloorBoundary>
  );
}

function OwnFloorBody(props: { showVenue: boolean; children: ReactNode }) {
  return <FloorView state={useFloorState()} {...props} />;
}

/** The scope's state where the frame works at the scope's venue, else its own. */
function FloorBody(props: { showVenue: boolean; children: ReactNode }) {
  const scope = useContext(FloorScopeContext);
  const venue = useFloorVenue();
  return scope && scope.venue === venue ? <FloorView state={scope} {...props} /> : <OwnFloorBody {...props} />;
}

function FloorView({ state, showVenue, children }: { state: FloorState; showVenue: boolean; children: ReactNode }) {
  const { t } = useTranslation('floor');
  const { venue, status, info, attention } = state;
  const label = useVenueLabel(info);
  return (
    <Stack>
      {showVenue && label.name && <Text c="dimmed">{label.name}</Text>}
      <DeviceNotices venue={venue} />
      <StatusBar status={status} timeZone={info?.timeZone} />
      <AttentionList items={attention} />
      {/*
        While the frame still reads whether a snapshot is here, the screen is mounted hidden: its
        own reads run meanwhile instead of after (a scan's screen shows at once), and it shows in
        place (no remount) as soon as the snapshot is known to be here.
      */}
      {(status.ready || status.pending === null) && (
        <div style={{ display: status.ready ? 'contents' : 'none' }}>
          <FloorViewContext.Provider value={state}>{children}</FloorViewContext.Provider>
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

/**
 * Every floor screen sits in this frame: it keeps the venue's data in sync while open, shows
 * the sync state and the refused writes, and shows the screen once a snapshot is here.
 */
export function FloorFrame({ title, venue, children }: FloorFrameProps) {
  const frame = (
    <Stack>
      {title && <Title order={1}>{title}</Title>}
      <FloorBoundary>
        <FloorBody showVenue={title !== undefined}>{children}</FloorBody>
      </FloorBoundary>
    </Stack>
  );
  return venue === undefined ? frame : <FloorVenueProvider venue={venue}>{frame}</FloorVenueProvider>;
}
