import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncExternalStore } from 'react';
import { useStore } from 'zustand';
import { FLOOR_ENTITIES } from '@shared/floor-constants';
import { otherCredential } from '@/lib/device-session';
import { useAppStore } from '@/lib/store';
import { floorDb, type AttentionItem } from './db';
import { floorTable } from './outbox';
import { describeWrite, type UnsentWrite } from './revoked-writes';
import { usePersisted } from './persist';
import { floorSync } from './sync';

/**
 * Writes of another person waiting on this device (their session ran out, someone else signed
 * in) and how they will go: as theirs with their device credential kept here, or once that
 * person signs in on this device again.
 */
export interface OthersWrites {
  user: number;
  /** Their name as the device knew it when they made the writes; null for older writes. */
  name: string | null;
  count: number;
  route: 'credential' | 'signIn';
}

/** What every floor screen shows about its venue's sync. */
export interface FloorStatus {
  /** What the browser says about its network. */
  online: boolean;
  /** Did the API answer the last request (null: nothing asked yet)? See EngineState. */
  reachable: boolean | null;
  /** The venue's writes on this device not sent yet, whoever made them; null until read. */
  pending: number | null;
  /** Of those and of other venues: the writes of people other than the signed-in one. */
  others: OthersWrites[];
  /** The venue's writes the server refused, not dismissed yet (whoever made them). */
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

const NO_OTHERS: OthersWrites[] = [];

export function useFloorStatus(venue: number | null): FloorStatus {
  const user = useUserId();
  const online = useOnline();
  const persisted = usePersisted();
  const { busy, outdated, reachable } = useStore(floorSync.state);
  const stored = useLiveQuery(async () => {
    // Nobody known yet (a sign-in still loading the user): nothing read, nothing to claim.
    if (venue === null || user === null) return null;
    // Index reads only: a drain of a thousand writes re-runs this after each one.
    const [pending, attention, state, users] = await Promise.all([
      floorDb.outbox.where('venue').equals(venue).count(),
      floorDb.attention.where('venue').equals(venue).count(),
      floorDb.sync.get(venue),
      floorDb.outbox.orderBy('user').uniqueKeys(),
    ]);
    const others = await Promise.all(
      (users as number[])
        .filter((id) => id !== user)
        .map(async (id): Promise<OthersWrites> => {
          const [count, first] = await Promise.all([
            floorDb.outbox.where('user').equals(id).count(),
            floorDb.outbox.where('user').equals(id).first(),
          ]);
          const route = otherCredential(id) ? 'credential' : 'signIn';
          return { user: id, name: first?.userName ?? null, count, route };
        }),
    );
    return { pending, attention, others, lastSyncAt: state?.lastSyncAt ?? null, ready: state !== undefined };
  }, [venue, user]);
  return {
    online,
    reachable,
    pending: stored ? stored.pending : null,
    others: stored?.others ?? NO_OTHERS,
    attention: stored?.attention ?? 0,
    lastSyncAt: stored?.lastSyncAt ?? null,
    persisted,
    syncing: busy > 0,
    outdated,
    ready: stored?.ready ?? false,
  };
}

/** A refused write with what it was: person, item, amount (as the device knew them). */
export type AttentionDetail = AttentionItem &
  Pick<UnsentWrite, 'person' | 'item' | 'amount' | 'currency'> & {
    /** When it was made on the device (the refusal came later). */
    madeAt: string;
  };

/** When the write was made: its row's (or body's) time; the refusal's time as a last resort. */
async function madeAt(item: AttentionItem): Promise<string> {
  const row = (await floorTable(floorDb, item.entity).get(item.key)) as Record<string, unknown> | undefined;
  const body = item.body as Record<string, unknown> | null;
  for (const at of [row?.occurred_at, row?.created_at, body?.occurred_at]) {
    if (typeof at === 'string' && at) return at;
  }
  return item.at;
}

const NO_ITEMS: AttentionDetail[] = [];

/**
 * The venue's refused writes on this device, whoever made them (nothing hidden), oldest first,
 * each with what it was so that staff can enter it again.
 */
export function useAttention(venue: number | null): AttentionDetail[] {
  const items = useLiveQuery(async () => {
    if (venue === null) return NO_ITEMS;
    const refused = await floorDb.attention.where('venue').equals(venue).sortBy('at');
    return await Promise.all(
      refused.map(async (item) => ({
        ...item,
        madeAt: await madeAt(item),
        ...(await describeWrite(floorDb, item.venue, item.entity, item.key, item.body)),
      })),
    );
  }, [venue]);
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
