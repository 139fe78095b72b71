import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { LiveUpdate } from '@shared/schemas/livescore';
import { getCompetitionSheet, type CompetitionSheet } from './api/get-competition-sheet';
import { getLiveVenue, type LiveVenueSnapshot } from './api/get-live-venue';
import { subscribeLiveUpdates } from './api/subscribe-live-updates';
import { createLiveSocket, LiveRequestError } from './api/transport';
import { readLastKnown, writeLastKnown } from './last-known';
import { applyUpdate, EMPTY_STATE, needsRefetch, type LiveState } from './live-state';

/** What a live page talks to; tests hand in a fake. */
export interface LiveTransport {
  fetchSnapshot(venueId: number): Promise<LiveVenueSnapshot>;
  fetchSheet(competitionId: number): Promise<CompetitionSheet>;
  /** Opens the socket and the venue's subscription; returns the function that closes both. */
  connect(
    venueId: number,
    handlers: { onUpdate: (u: LiveUpdate) => void; onConnected: () => void; onClosed: () => void },
  ): () => void;
}

export function createLiveTransport(auth: boolean): LiveTransport {
  return {
    fetchSnapshot: (venueId) => getLiveVenue(venueId, auth),
    fetchSheet: (competitionId) => getCompetitionSheet(competitionId, auth),
    connect(venueId, { onUpdate, onConnected, onClosed }) {
      const client = createLiveSocket({ auth });
      const off = [client.on('connected', onConnected), client.on('closed', onClosed)];
      const stop = subscribeLiveUpdates(client, venueId, onUpdate);
      return () => {
        stop();
        off.forEach((f) => f());
        void client.dispose();
      };
    },
  };
}

export type Connection = 'connecting' | 'online' | 'offline';

/** A start-list or publication change is read again after a short, random pause: phones don't all ask at once. */
const REFETCH_SPREAD_MS = 1500;

/**
 * A venue's live scores: the last known state at once (public pages keep it on the device), then
 * the server's, then every push applied as it comes. When the socket comes back it reads
 * everything again (catching up on what was missed).
 */
export function useLiveScores(
  venueId: number,
  { auth, remember, transport: given }: { auth: boolean; remember: boolean; transport?: LiveTransport },
) {
  const transport = useMemo(() => given ?? createLiveTransport(auth), [given, auth]);
  const [state, setState] = useState<LiveState>(() => (remember && readLastKnown(venueId)) || EMPTY_STATE);
  const [connection, setConnection] = useState<Connection>('connecting');
  const [error, setError] = useState<LiveRequestError | null>(null);
  const openSheets = useRef(new Set<number>());
  const alive = useRef(true);

  const refresh = useCallback(async () => {
    try {
      const sheetIds = [...openSheets.current];
      const [snapshot, ...sheets] = await Promise.all([
        transport.fetchSnapshot(venueId),
        ...sheetIds.map((id) => transport.fetchSheet(id)),
      ]);
      if (!alive.current) return;
      setState((s) => ({
        snapshot: snapshot as LiveVenueSnapshot,
        sheets: { ...s.sheets, ...Object.fromEntries(sheetIds.map((id, i) => [id, sheets[i] as CompetitionSheet])) },
        asOf: Date.now(),
      }));
      setError(null);
    } catch (err) {
      if (!alive.current) return;
      // A refusal by the server (unknown venue) is shown; a network failure means offline.
      if (err instanceof LiveRequestError) setError(err);
      else setConnection('offline');
    }
  }, [transport, venueId]);

  const openSheet = useCallback(
    async (competitionId: number) => {
      openSheets.current.add(competitionId);
      try {
        const sheet = await transport.fetchSheet(competitionId);
        if (alive.current) setState((s) => ({ ...s, sheets: { ...s.sheets, [competitionId]: sheet } }));
      } catch {
        // Offline: the last known sheet (if any) stays.
      }
    },
    [transport],
  );

  useEffect(() => {
    alive.current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void refresh(), Math.random() * REFETCH_SPREAD_MS);
    };
    let socketUp = false;
    void refresh();
    const close = transport.connect(venueId, {
      onUpdate: (update) => {
        setState((s) => applyUpdate(s, update).state);
        if (needsRefetch(update)) later();
      },
      onConnected: () => {
        socketUp = true;
        if (navigator.onLine !== false) setConnection('online');
        // Whatever was saved while the socket was down (or before it opened) is read now.
        void refresh();
      },
      onClosed: () => {
        socketUp = false;
        setConnection('offline');
      },
    });
    const offline = () => setConnection('offline');
    // Back on the network: catch up at once (the socket may never have noticed the gap).
    const online = () => {
      if (socketUp) setConnection('online');
      void refresh();
    };
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      alive.current = false;
      clearTimeout(timer);
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
      close();
    };
  }, [transport, venueId, refresh]);

  useEffect(() => {
    if (remember && state.snapshot) writeLastKnown(venueId, state);
  }, [remember, venueId, state]);

  return { state, connection, error, openSheet };
}
