import Dexie, { type Table } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { InspectionStatus } from '@shared/schemas/floor';
import { parseQrCode } from '@shared/qr';
import {
  floorDb,
  type ChunkedEntity,
  type LocalAttendee,
  type LocalCheckin,
  type LocalConsumable,
  type LocalGroom,
  type LocalHorse,
  type LocalId,
  type LocalInspection,
  type LocalRider,
  type LocalSignin,
  type MyCode,
} from './db';

/*
 * Read hooks of the floor screens: live queries over the offline store, so a write made here or
 * a pull shows at once. `undefined` while the first read runs. Current states (checked in,
 * signed in, vet status) are the latest event that the server has not refused.
 */

// The transaction reads (snapshot pages merged with rows) live in their own file.
export { useItemUses, useRiderBalance, useTodayCharges, useVenueTransactions } from './transaction-queries';
export type { RiderBalance } from './transaction-queries';
import { venueRows } from './snapshot-chunks';
import { keptRead, type KeptRead } from './kept-read';
import {
  itemUses,
  itemUsesOf,
  riderBalance,
  venueEntries,
  type RiderBalance,
  type VenueEntries,
} from './transaction-queries';

/** A rider, or a groom with the rider they work for, and the rider's horses. */
export interface FloorPerson {
  type: 'rider' | 'groom';
  rider: LocalRider;
  groom: LocalGroom | null;
  horses: LocalHorse[];
}

type Event = { occurred_at: string; recorded_at: string; rejected?: 1 };
const newer = (a: Event, b: Event) =>
  a.occurred_at > b.occurred_at || (a.occurred_at === b.occurred_at && a.recorded_at > b.recorded_at);
const newestFirst = (a: Event, b: Event) => (newer(a, b) ? -1 : newer(b, a) ? 1 : 0);

/** The latest accepted or pending event per owner. */
function latestBy<E extends Event>(events: E[], ownerOf: (event: E) => LocalId): Map<LocalId, E> {
  const latest = new Map<LocalId, E>();
  for (const event of events) {
    if (event.rejected) continue;
    const current = latest.get(ownerOf(event));
    if (!current || newer(event, current)) latest.set(ownerOf(event), event);
  }
  return latest;
}

const words = (search: string) => search.trim().toLowerCase();
const isNumber = (text: string) => /^\d+$/.test(text);
const includes = (text: string | null | undefined, query: string) => (text ?? '').toLowerCase().includes(query);
/** The venue's rows of a list: its snapshot's with the later ones (snapshot-chunks.ts). */
const rowsOf = <E extends ChunkedEntity>(venue: number, entity: E) => venueRows(floorDb, venue, entity);

/** The horses of the `wanted` participations, by participation, in head-number order. */
function groupHorses(horses: LocalHorse[], wanted: Pick<Set<LocalId>, 'has'>): Map<LocalId, LocalHorse[]> {
  const map = new Map<LocalId, LocalHorse[]>();
  for (const horse of horses) {
    if (!wanted.has(horse.participation)) continue;
    const list = map.get(horse.participation);
    if (list) list.push(horse);
    else map.set(horse.participation, [horse]);
  }
  for (const list of map.values()) list.sort((a, b) => (a.head_number ?? Infinity) - (b.head_number ?? Infinity));
  return map;
}

async function horsesByParticipation(venue: number, participations: LocalId[]): Promise<Map<LocalId, LocalHorse[]>> {
  return groupHorses(await rowsOf(venue, 'horses'), new Set(participations));
}

async function withHorses(venue: number, riders: LocalRider[], grooms: LocalGroom[]): Promise<FloorPerson[]> {
  const ridersById = new Map(riders.map((r) => [r.id, r]));
  const missing = new Set<LocalId>(grooms.map((g) => g.participation).filter((id) => !ridersById.has(id)));
  // The horses are read beside the grooms' riders, not after them.
  const [venueRiders, venueHorses] = await Promise.all([
    missing.size ? rowsOf(venue, 'riders') : [],
    rowsOf(venue, 'horses'),
  ]);
  for (const rider of venueRiders) if (missing.has(rider.id)) ridersById.set(rider.id, rider);
  const horses = groupHorses(venueHorses, new Set(ridersById.keys()));
  const people: FloorPerson[] = riders.map((rider) => ({ type: 'rider', rider, groom: null, horses: [] }));
  for (const groom of grooms) {
    const rider = ridersById.get(groom.participation);
    if (rider) people.push({ type: 'groom', rider, groom, horses: [] });
  }
  return people.map((person) => ({ ...person, horses: horses.get(person.rider.id) ?? [] }));
}

/** Riders and grooms by name, or by a head number of the rider's horses (the rider and their grooms). */
export function usePeopleSearch(venue: number, search: string, limit = 20): FloorPerson[] | undefined {
  return useLiveQuery(async () => {
    const query = words(search);
    if (!query) return [];
    if (isNumber(query)) {
      const number = Number(query);
      const horses = (await rowsOf(venue, 'horses')).filter((h) => h.head_number === number);
      const ids = new Set<LocalId>(horses.map((h) => h.participation));
      const riders = (await rowsOf(venue, 'riders')).filter((r) => ids.has(r.id));
      const grooms = (await rowsOf(venue, 'grooms')).filter((g) => ids.has(g.participation));
      return withHorses(venue, riders, grooms);
    }
    const riders = (await rowsOf(venue, 'riders')).filter((r) => includes(r.name, query)).slice(0, limit);
    const grooms = (await rowsOf(venue, 'grooms')).filter((g) => includes(g.name, query)).slice(0, limit);
    const people = await withHorses(venue, riders, grooms);
    return people.sort((a, b) => (a.groom ?? a.rider).name.localeCompare((b.groom ?? b.rider).name)).slice(0, limit);
  }, [venue, search, limit]);
}

/** The venue's rows a scanned code is looked up in. */
interface ScanPeople {
  riders: LocalRider[];
  horses: LocalHorse[];
  grooms: LocalGroom[];
}

/** The person a scanned code names at this venue: null for a malformed, unknown or forged code. */
function qrPerson(venue: number, code: string, { riders, horses, grooms }: ScanPeople): FloorPerson | null {
  const ref = parseQrCode(code);
  if (!ref) return null;
  const matches = (row: { venue: number; qr: string }) => row.venue === venue && row.qr.toLowerCase() === ref.code;
  const groom = ref.type === 'g' ? grooms.find((row) => row.id === ref.id) : undefined;
  const rider =
    ref.type === 'r'
      ? riders.find((row) => row.rider === ref.id && matches(row))
      : groom && matches(groom)
        ? riders.find((row) => row.id === groom.participation)
        : undefined;
  if (!rider) return null;
  return {
    type: ref.type === 'r' ? 'rider' : 'groom',
    rider,
    groom: ref.type === 'r' ? null : groom!,
    horses: horsesOf(horses, rider.id),
  };
}

/** The venue's horses by participation (head-number order), made once per list of horses read. */
const horseIndexes = new WeakMap<LocalHorse[], Map<LocalId, LocalHorse[]>>();

/**
 * A participation's horses: a scan looks one rider up in the venue's horses, kept in memory
 * (kept-read.ts) between scans; indexed once per list instead of a pass over all on every scan.
 */
function horsesOf(horses: LocalHorse[], participation: LocalId): LocalHorse[] {
  let index = horseIndexes.get(horses);
  if (!index) {
    index = groupHorses(horses, { has: () => true });
    horseIndexes.set(horses, index);
  }
  return index.get(participation) ?? [];
}

/** The venue's active items by name. */
async function activeConsumables(venue: number) {
  const rows = await rowsOf(venue, 'consumables');
  return rows.filter((c) => c.active).sort((a, b) => a.name.localeCompare(b.name));
}

/** What the quick charge shows first: the venue's items and how often each was charged. */
export interface ChargeItems {
  consumables: LocalConsumable[];
  uses: Map<number, number>;
}

const chargeTables = () => [
  floorDb.riders,
  floorDb.grooms,
  floorDb.horses,
  floorDb.consumables,
  floorDb.snapshotChunks,
  floorDb.snapshotStamps,
  floorDb.transactions,
  floorDb.transactionPages,
];

/**
 * The quick charge's items and their uses in one read (one IndexedDB transaction, one render);
 * `null` reads nothing (the screen got them already).
 */
export function useChargeItems(venue: number | null): ChargeItems | undefined {
  return useLiveQuery(
    async (): Promise<ChargeItems | undefined> =>
      venue === null
        ? undefined
        : floorDb.transaction('r', chargeTables(), async () => {
            const [consumables, uses] = await Promise.all([activeConsumables(venue), itemUses(venue)]);
            return { consumables, uses };
          }),
    [venue],
  );
}

/**
 * A scan's screen: the person the code names (null: malformed, unknown or forged), the items to
 * charge, and the person's rider's balance (null without a person).
 */
export type QrChargeScreen = ChargeItems & { person: FloorPerson | null; balance: RiderBalance | null };

/** What a scan's screen is made of: the venue's people, its active items and its entries. */
interface ScanParts extends ScanPeople {
  consumables: LocalConsumable[];
  entries: VenueEntries;
}

type KeptScanReads = { [P in keyof ScanParts]: KeptRead<ScanParts[P]> };

const keptScans = new Map<number, KeptScanReads>();

/**
 * The venue's reads a scan's screen is made of, each kept in memory until its tables change
 * (kept-read.ts): a scan after the first finds them there and shows in its first render.
 */
function scanReads(venue: number): KeptScanReads {
  let reads = keptScans.get(venue);
  if (!reads) {
    const chunked = (table: Table) => [table, floorDb.snapshotChunks, floorDb.snapshotStamps];
    reads = {
      riders: keptRead(floorDb, chunked(floorDb.riders), () => rowsOf(venue, 'riders')),
      horses: keptRead(floorDb, chunked(floorDb.horses), () => rowsOf(venue, 'horses')),
      grooms: keptRead(floorDb, chunked(floorDb.grooms), () => rowsOf(venue, 'grooms')),
      consumables: keptRead(floorDb, chunked(floorDb.consumables), () => activeConsumables(venue)),
      entries: keptRead(floorDb, [floorDb.transactions, floorDb.transactionPages, floorDb.snapshotStamps], () =>
        venueEntries(venue),
      ),
    };
    keptScans.set(venue, reads);
  }
  return reads;
}

function scanScreen(venue: number, code: string, parts: ScanParts): QrChargeScreen {
  const person = qrPerson(venue, code, parts);
  const balance = person ? riderBalance(parts.entries, Number(person.rider.rider)) : null;
  return { person, consumables: parts.consumables, uses: itemUsesOf(parts.entries), balance };
}

/** A scan's screen from the reads kept in memory; undefined unless every one of them is. */
export function keptQrCharge(venue: number, code: string): QrChargeScreen | undefined {
  const reads = scanReads(venue);
  const riders = reads.riders.peek();
  const horses = reads.horses.peek();
  const grooms = reads.grooms.peek();
  const consumables = reads.consumables.peek();
  const entries = reads.entries.peek();
  if (!riders || !horses || !grooms || !consumables || !entries) return undefined;
  return scanScreen(venue, code, { riders, horses, grooms, consumables, entries });
}

/**
 * Keeps the venue's scan reads in memory while the calling screen is mounted: one that a change
 * dropped is read again once the store is quiet, so the next scan finds it there.
 */
export function useKeptScanReads(venue: number): void {
  useEffect(() => {
    const releases = Object.values(scanReads(venue)).map((read) => read.hold());
    return () => releases.forEach((release) => release());
  }, [venue]);
}

/**
 * The scan's screen read in one IndexedDB transaction (and kept: keptQrCharge). `read`: given
 * the screen as soon as its reads are back, before the transaction's completion event (which
 * adds nothing to a read-only transaction's reads, but waits for a turn of the main thread,
 * behind a render).
 */
export function readQrCharge(
  venue: number,
  code: string,
  read?: (screen: QrChargeScreen) => void,
): Promise<QrChargeScreen> {
  return floorDb.transaction('r', chargeTables(), async () => {
    const reads = scanReads(venue);
    // Every part in one round of reads, not one after the other.
    const [riders, horses, grooms, consumables, entries] = await Promise.all([
      reads.riders.read(),
      reads.horses.read(),
      reads.grooms.read(),
      reads.consumables.read(),
      reads.entries.read(),
    ]);
    const screen = scanScreen(venue, code, { riders, horses, grooms, consumables, entries });
    read?.(screen);
    return screen;
  });
}

/** A scan's screen being read before the screen renders (readAhead). */
export interface QrChargeRead {
  venue: number;
  code: string;
  /** Settles with the screen, or null when the read failed. */
  done: Promise<QrChargeScreen | null>;
  /** What `done` settled with, once it did. */
  result?: QrChargeScreen | null;
}

/** Starts the read of a scan's screen (readQrCharge) and keeps its result at hand for the render. */
export function readAhead(venue: number, code: string): QrChargeRead {
  // Read for an earlier scan and unchanged since: there at once, no IndexedDB request at all.
  const kept = keptQrCharge(venue, code);
  if (kept) return { venue, code, done: Promise.resolve(kept), result: kept };
  let settle: (screen: QrChargeScreen | null) => void = () => undefined;
  const read: QrChargeRead = { venue, code, done: new Promise((resolve) => (settle = resolve)) };
  const give = (screen: QrChargeScreen | null) => {
    if (read.result !== undefined) return;
    read.result = screen;
    // Outside the read's transaction: what awaits the read must not run in its scope.
    Dexie.ignoreTransaction(() => settle(screen));
  };
  readQrCharge(venue, code, give).then(give, () => give(null));
  return read;
}

/** How long a screen read ahead is shown as read before its live query starts. */
export const LIVE_AFTER_MS = 500;

/**
 * A scan's screen at once: the person the code names and the items to charge, read together
 * (one IndexedDB transaction, one render) rather than one after the other, and kept live.
 * `ahead`: the same read started before the screen rendered (the route's loader), shown once
 * it is there (in the first render when it already is) and for LIVE_AFTER_MS before the live
 * query starts: its first read would repeat it while staff tap, and hold up the charge's write
 * behind it. A read ahead that failed hands over to the live query at once.
 */
export function useQrCharge(venue: number, code: string, ahead?: QrChargeRead): QrChargeScreen | undefined {
  const subscribe = useCallback(
    (changed: () => void) => {
      let subscribed = true;
      void ahead?.done.then(() => subscribed && changed());
      return () => {
        subscribed = false;
      };
    },
    [ahead],
  );
  const early = useSyncExternalStore(subscribe, () => ahead?.result);
  const [live, setLive] = useState(ahead === undefined);
  useEffect(() => {
    if (live || early === undefined) return;
    const timer = setTimeout(() => setLive(true), early === null ? 0 : LIVE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [live, early]);
  const read = useLiveQuery(
    async (): Promise<QrChargeScreen | undefined> => (live ? readQrCharge(venue, code) : undefined),
    [venue, code, live],
  );
  return read ?? early ?? undefined;
}

export const useSyncInfo = (venue: number) => useLiveQuery(() => floorDb.sync.get(venue), [venue]);

/** useSyncInfo, reading nothing while `known` (the caller has the venue's sync state already). */
export const useSyncInfoUnless = (venue: number, known: boolean) =>
  useLiveQuery(() => (known ? undefined : floorDb.sync.get(venue)), [venue, known]);

export const useConsumables = (venue: number) => useLiveQuery(() => activeConsumables(venue), [venue]);

export interface AttendeeState {
  attendee: LocalAttendee;
  latest: LocalCheckin | null;
}

/** The venue's attendees by name with their latest check-in, narrowed by search and kind. */
export function useAttendees(venue: number, search: string, kind: string | null) {
  return useLiveQuery(async () => {
    const query = words(search);
    const [attendees, checkins] = await Promise.all([rowsOf(venue, 'attendees'), rowsOf(venue, 'checkins')]);
    const latest = latestBy(checkins, (c) => c.attendee);
    return attendees
      .filter((a) => !a.rejected && (!kind || a.kind === kind))
      .filter(
        (a) => !query || [`${a.first_name} ${a.last_name}`, a.badge, a.organisation].some((v) => includes(v, query)),
      )
      .sort((a, b) => `${a.last_name} ${a.first_name}`.localeCompare(`${b.last_name} ${b.first_name}`))
      .map((attendee) => ({
        attendee,
        latest: latest.get(attendee.id) ?? (attendee.key ? latest.get(attendee.key) : undefined) ?? null,
      }));
  }, [venue, search, kind]);
}

export interface RiderSigninState {
  rider: LocalRider;
  horses: LocalHorse[];
  latest: LocalSignin | null;
}

/** The venue's riders by name with their horses and latest sign-in; search by name or head number. */
export function useSigninRiders(venue: number, search: string) {
  return useLiveQuery(async () => {
    const query = words(search);
    const [riders, signins] = await Promise.all([rowsOf(venue, 'riders'), rowsOf(venue, 'signins')]);
    const horses = await horsesByParticipation(
      venue,
      riders.map((r) => r.id),
    );
    const latest = latestBy(signins, (s) => s.participation);
    return riders
      .map((rider) => ({ rider, horses: horses.get(rider.id) ?? [], latest: latest.get(rider.id) ?? null }))
      .filter(
        ({ rider, horses }) =>
          !query || includes(rider.name, query) || horses.some((h) => String(h.head_number ?? '') === query),
      )
      .sort((a, b) => a.rider.name.localeCompare(b.rider.name));
  }, [venue, search]);
}

export interface HorseVetState {
  horse: LocalHorse;
  riderName: string;
  latest: LocalInspection | null;
}
export type VetCounts = Record<InspectionStatus | 'none', number>;

/** The venue's horses by head number with their latest inspection; counts over all of them. */
export function useVetHorses(venue: number, search: string) {
  return useLiveQuery(async () => {
    const query = words(search);
    const [horses, riders, inspections] = await Promise.all([
      rowsOf(venue, 'horses'),
      rowsOf(venue, 'riders'),
      rowsOf(venue, 'inspections'),
    ]);
    const names = new Map(riders.map((r) => [r.id, r.name]));
    const latest = latestBy(inspections, (i) => i.horse);
    const all: HorseVetState[] = horses
      .map((horse) => ({
        horse,
        riderName: names.get(horse.participation) ?? '',
        latest: latest.get(horse.id) ?? null,
      }))
      .sort((a, b) => (a.horse.head_number ?? Infinity) - (b.horse.head_number ?? Infinity));
    const counts: VetCounts = { passed: 0, failed: 0, held: 0, none: 0 };
    for (const row of all) counts[row.latest?.status ?? 'none'] += 1;
    const rows = all.filter(
      ({ horse, riderName }) =>
        !query ||
        (isNumber(query) ? String(horse.head_number ?? '').startsWith(query) : false) ||
        includes(horse.name, query) ||
        includes(riderName, query),
    );
    return { rows, counts };
  }, [venue, search]);
}

/** A horse's inspections at the venue, newest first (refused ones included, marked by `rejected`). */
export const useHorseHistory = (venue: number, horse: LocalId) =>
  useLiveQuery(
    async () => (await rowsOf(venue, 'inspections')).filter((i) => i.horse === horse).sort(newestFirst),
    [venue, horse],
  );

/** The signed-in rider's QR codes as last loaded: the rider's own first, then the grooms'. */
export const useMyCodes = (user: number) =>
  useLiveQuery(async () => {
    const codes = await floorDb.myCodes.where('user').equals(user).toArray();
    return codes.sort((a, b) => b.type.localeCompare(a.type) || a.name.localeCompare(b.name));
  }, [user]);

/** Keep the rider's codes as the server gave them, for offline use. */
export async function cacheMyCodes(user: number, codes: Omit<MyCode, 'user'>[]): Promise<void> {
  await floorDb.transaction('rw', floorDb.myCodes, async () => {
    await floorDb.myCodes.where('user').equals(user).delete();
    await floorDb.myCodes.bulkPut(codes.map((code) => ({ ...code, user })));
  });
}
