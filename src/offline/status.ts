import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncExternalStore } from 'react';
import { useStore } from 'zustand';
import { FLOOR_ENTITIES } from '@shared/floor-constants';
import { useAppStore } from '@/lib/store';
import { floorDb, type AttentionItem } from './db';
import { floorTable } from './outbox';
import { usePersisted } from './persist';
import { floorSync } from './sync';

/** What every floor screen shows about its venue's sync (issue 4 §4). */
export interface FloorStatus {
  online: boolean;
  /** This user's writes of the venue not sent yet; null until the outbox has been read. */
  pending: number | null;
  /** This user's writes of the venue the server refused, not dismissed yet. */
  attention: number;
  /** ISO time of the last successful pull or push. */
  lastSyncAt: string | null;
  persisted: boolean | null;
  syncing: boolean;
  /** The server needs a newer app: reload. */
  outdated: boolean;
  /** A snapshot of the venue is stored. */
  ready: boolean;
}

function subscribeOnline(changed: () => void): () => void {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
}

const useOnline = (): boolean =>
  useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );

const useUserId = () => useAppStore((state) => state.user?.id ?? null);

export function useFloorStatus(venue: number | null): FloorStatus {
  const user = useUserId();
  const online = useOnline();
  const persisted = usePersisted();
  const { busy, outdated } = useStore(floorSync.state);
  const stored = useLiveQuery(async () => {
    // Nobody known yet (a sign-in still loading the user): nothing read, nothing to claim.
    if (venue === null || user === null) return null;
    const mine = (item: { user: number }) => item.user === user;
    // Index counts only, unless other users' writes wait on this device too (then read them):
    // a drain of a thousand writes re-runs this after each one.
    const [all, ofUser, ofVenue] = await Promise.all([
      floorDb.outbox.count(),
      floorDb.outbox.where('user').equals(user).count(),
      floorDb.outbox.where('venue').equals(venue).count(),
    ]);
    const pending = all === ofUser ? ofVenue : await floorDb.outbox.where('venue').equals(venue).filter(mine).count();
    const attention = await floorDb.attention.where('venue').equals(venue).filter(mine).count();
    const state = await floorDb.sync.get(venue);
    return { pending, attention, lastSyncAt: state?.lastSyncAt ?? null, ready: state !== undefined };
  }, [venue, user]);
  return {
    online,
    pending: stored ? stored.pending : null,
    attention: stored?.attention ?? 0,
    lastSyncAt: stored?.lastSyncAt ?? null,
    persisted,
    syncing: busy > 0,
    outdated,
    ready: stored?.ready ?? false,
  };
}

const NO_ITEMS: AttentionItem[] = [];

/** The signed-in user's refused writes of the venue, oldest first. */
export function useAttention(venue: number | null): AttentionItem[] {
  const user = useUserId();
  const items = useLiveQuery(
    async () =>
      venue === null
        ? NO_ITEMS
        : await floorDb.attention
            .where('venue')
            .equals(venue)
            .filter((item) => item.user === user)
            .sortBy('at'),
    [venue, user],
  );
  return items ?? NO_ITEMS;
}

/** Staff read it: the refused write and its row (marked rejected) go. */
export async function dismissAttention(key: string, db = floorDb): Promise<void> {
  const tables = FLOOR_ENTITIES.map((entity) => floorTable(db, entity));
  await db.transaction('rw', [db.attention, ...tables], async () => {
    const item = await db.attention.get(key);
    if (!item) return;
    await db.attention.delete(key);
    const table = floorTable(db, item.entity);
    const row = await table.get(key);
    if (row?.rejected === 1) await table.delete(key);
  });
}
